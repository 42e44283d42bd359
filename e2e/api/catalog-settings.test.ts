import { databaseUrl } from '@shop/kit';
import { brokerNames, EVENTS, ProductView, SEEDED_SETTINGS, SettingsUpdatedEvent, StockLowEvent } from '@shop/proto';
import { Channel, ChannelModel, connect } from 'amqplib';
import { Client } from 'pg';
import { amqpUrl } from '../harness/broker';
import { Backend, startBackend } from '../harness/backend';
import { api } from '../harness/http';
import { adminToken, eventually, productPayload, publishEvent } from './catalog-support';

jest.setTimeout(60_000);

/** The shop's low stock threshold setting reaching the catalog's stock.low alerts. */
describe('catalog: the shop’s low stock threshold', () => {
  let backend: Backend;
  let http: ReturnType<typeof api>;
  let conn: ChannelModel;
  let channel: Channel;
  let catalogDb: Client;
  const lows: StockLowEvent[] = [];
  const admin = adminToken();

  const create = async (overrides: Record<string, unknown>) => {
    const res = await http.post('/admin2009/products', productPayload(overrides), admin);
    expect(res.status).toBe(201);
    return res.body.product as ProductView;
  };
  const setStock = async (id: string, stock: number) => {
    const res = await http.patch(`/admin2009/products/${id}`, { stock }, admin);
    expect(res.status).toBe(200);
  };
  const lowsOf = (productId: string) => lows.filter((e) => e.productId === productId);
  const heldThreshold = async () =>
    (await catalogDb.query(`SELECT low_stock_threshold FROM shop_settings WHERE id = 1`)).rows[0]?.low_stock_threshold;

  beforeAll(async () => {
    backend = await startBackend({ services: ['catalog'] });
    http = api(backend.url);
    conn = await connect(amqpUrl());
    channel = await conn.createChannel();
    const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true });
    await channel.bindQueue(queue, brokerNames(backend.namespace).eventsExchange, EVENTS.stockLow);
    await channel.consume(queue, (msg) => msg && lows.push(JSON.parse(msg.content.toString()).data), { noAck: true });
    catalogDb = new Client({ connectionString: databaseUrl(backend.env.DATABASE_URL, backend.databases.catalog) });
    await catalogDb.connect();
  });

  afterAll(async () => {
    await catalogDb?.end().catch(() => undefined);
    await channel?.close().catch(() => undefined);
    await conn?.close().catch(() => undefined);
    await backend?.stop();
  });

  it('alerts a product without its own threshold at the seeded setting before the back office changes it', async () => {
    const product = await create({ name: 'Seeded Threshold Diary', stock: '40' });
    await setStock(product._id, SEEDED_SETTINGS.lowStockThreshold + 1);
    await setStock(product._id, SEEDED_SETTINGS.lowStockThreshold);
    const seen = await eventually(async () => lowsOf(product._id), (l) => l.length > 0);
    expect(seen).toEqual([
      expect.objectContaining({ stock: SEEDED_SETTINGS.lowStockThreshold, threshold: SEEDED_SETTINGS.lowStockThreshold }),
    ]);
  });

  it('alerts at the new setting once settings.updated arrives, while a product with its own threshold keeps it', async () => {
    const settings: SettingsUpdatedEvent = { ...SEEDED_SETTINGS, lowStockThreshold: 25 };
    await publishEvent(backend.namespace, EVENTS.settingsUpdated, settings);
    expect(await eventually(heldThreshold, (t) => t === 25)).toBe(25);

    const shared = await create({ name: 'Shop Threshold Planner', stock: '40' });
    const own = await create({ name: 'Own Threshold Planner', stock: '40', lowStockThreshold: 3 });
    await setStock(shared._id, 26);
    await setStock(own._id, 26);
    await setStock(shared._id, 25);
    await setStock(own._id, 25);
    await setStock(own._id, 3);

    const sharedLows = await eventually(async () => lowsOf(shared._id), (l) => l.length > 0);
    const ownLows = await eventually(async () => lowsOf(own._id), (l) => l.length > 0);
    expect(sharedLows).toEqual([expect.objectContaining({ stock: 25, threshold: 25 })]);
    expect(ownLows).toEqual([expect.objectContaining({ stock: 3, threshold: 3 })]);
  });
});
