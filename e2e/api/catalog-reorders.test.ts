import { randomUUID } from 'node:crypto';
import { databaseUrl } from '@shop/kit';
import {
  AdminProductView,
  brokerNames,
  CATALOG_MESSAGES,
  EventEnvelope,
  EVENTS,
  ProductUpsertedEvent,
  ReorderView,
  SEEDED_SETTINGS,
  SettingsUpdatedEvent,
  StockLowEvent,
} from '@shop/proto';
import { Channel, ChannelModel, connect } from 'amqplib';
import { Client } from 'pg';
import { amqpUrl } from '../harness/broker';
import { Backend, startBackend } from '../harness/backend';
import { api } from '../harness/http';
import { adminToken, eventually, productPayload, publishEvent } from './catalog-support';

jest.setTimeout(90_000);

const THRESHOLD = 3;
const QUANTITY = 40;

/**
 * Auto reorder (back-office settings autoReorderEnabled and autoReorderQuantity): a product whose
 * stock falls to its threshold gets a reorder request, named in its stock.low; stock changes only
 * when staff mark the request received.
 */
describe('catalog: auto reorder', () => {
  let backend: Backend;
  let http: ReturnType<typeof api>;
  let conn: ChannelModel;
  let channel: Channel;
  let db: Client;
  const events: EventEnvelope<any>[] = [];
  const admin = adminToken();

  const create = async (name: string, stock: number) => {
    const res = await http.post(
      '/admin2009/products',
      productPayload({ name, stock: String(stock), lowStockThreshold: THRESHOLD }),
      admin,
    );
    expect(res.status).toBe(201);
    return res.body.product as AdminProductView;
  };
  const setStock = async (id: string, stock: number) => {
    const res = await http.patch(`/admin2009/products/${id}`, { stock }, admin);
    expect(res.status).toBe(200);
  };
  const lowsOf = (productId: string): StockLowEvent[] =>
    events.filter((e) => e.type === EVENTS.stockLow && e.data.productId === productId).map((e) => e.data);
  const waitForLows = (productId: string, count: number) =>
    eventually(
      async () => lowsOf(productId),
      (lows) => lows.length >= count,
    );
  const reordersOf = async (productId: string): Promise<ReorderView[]> => {
    const res = await http.get('/admin2009/reorders', admin);
    expect(res.status).toBe(200);
    return (res.body.reorders as ReorderView[]).filter((r) => r.productId === productId);
  };
  const pageStock = async (id: string) => (await http.get(`/products/${id}`)).body.product.stock as number;
  const storedStock = async (id: string) =>
    (await db.query(`SELECT stock - reserved AS available FROM products WHERE id = $1`, [id])).rows[0]
      .available;
  const receive = (id: string) => http.post(`/admin2009/reorders/${id}/receive`, {}, admin);
  /** Lets the outbox relay publish anything a change might (wrongly) have written. */
  const settle = () => new Promise((r) => setTimeout(r, 1500));

  const setAutoReorder = async (enabled: boolean, quantity = QUANTITY) => {
    const settings: SettingsUpdatedEvent = {
      ...SEEDED_SETTINGS,
      autoReorderEnabled: enabled,
      autoReorderQuantity: quantity,
    };
    await publishEvent(backend.namespace, EVENTS.settingsUpdated, settings);
    const held = await eventually(
      async () =>
        (await db.query(`SELECT auto_reorder_enabled, auto_reorder_quantity FROM shop_settings WHERE id = 1`))
          .rows[0],
      (row) => row?.auto_reorder_enabled === enabled && row?.auto_reorder_quantity === quantity,
    );
    expect(held).toEqual({ auto_reorder_enabled: enabled, auto_reorder_quantity: quantity });
  };

  beforeAll(async () => {
    backend = await startBackend({ services: ['catalog'] });
    http = api(backend.url);
    conn = await connect(amqpUrl());
    channel = await conn.createChannel();
    const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true });
    for (const type of [EVENTS.stockLow, EVENTS.productUpserted])
      await channel.bindQueue(queue, brokerNames(backend.namespace).eventsExchange, type);
    await channel.consume(queue, (msg) => msg && events.push(JSON.parse(msg.content.toString())), {
      noAck: true,
    });
    db = new Client({ connectionString: databaseUrl(backend.env.DATABASE_URL, backend.databases.catalog) });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end().catch(() => undefined);
    await channel?.close().catch(() => undefined);
    await conn?.close().catch(() => undefined);
    await backend?.stop();
  });

  it('while auto reorder is off, publishes stock.low without a reorder and opens no request', async () => {
    await setAutoReorder(false);
    const product = await create('Reorder Off Lanyard', 10);
    await setStock(product._id, THRESHOLD);
    const [low] = await waitForLows(product._id, 1);
    expect(low).toMatchObject({ stock: THRESHOLD, threshold: THRESHOLD, reorder: null });
    expect(await reordersOf(product._id)).toEqual([]);
  });

  describe('while auto reorder is on', () => {
    beforeAll(() => setAutoReorder(true));

    it('opens one request for the configured quantity when stock falls to the threshold, names it in stock.low, and changes no stock', async () => {
      const product = await create('Reorder On Lanyard', 10);
      await setStock(product._id, 2);
      const [low] = await waitForLows(product._id, 1);
      const [request] = await reordersOf(product._id);
      expect(request).toMatchObject({
        productId: product._id,
        productName: 'Reorder On Lanyard',
        quantity: QUANTITY,
        status: 'open',
        receivedAt: null,
        productDeleted: false,
      });
      expect(low).toMatchObject({
        stock: 2,
        threshold: THRESHOLD,
        reorder: { requestId: request._id, quantity: QUANTITY },
      });
      await settle();
      expect(await storedStock(product._id)).toBe(2);
      expect(await pageStock(product._id)).toBe(2);
    });

    it('publishes stock.low once per crossing, and opens no second request while one is open', async () => {
      const product = await create('Crossing Lanyard', 10);
      await setStock(product._id, THRESHOLD);
      await waitForLows(product._id, 1);
      await setStock(product._id, 2);
      await setStock(product._id, 0);
      await settle();
      expect(lowsOf(product._id)).toHaveLength(1);

      await setStock(product._id, 25);
      await setStock(product._id, 1);
      const lows = await waitForLows(product._id, 2);
      expect(lows).toHaveLength(2);
      expect(lows[1]).toMatchObject({ stock: 1, reorder: null });
      const requests = await reordersOf(product._id);
      expect(requests).toHaveLength(1);
      expect(requests[0]).toMatchObject({ status: 'open', quantity: QUANTITY });
      expect(lows[0].reorder).toEqual({ requestId: requests[0]._id, quantity: QUANTITY });
    });

    it('receiving a request adds exactly its quantity through the usual stock path, once', async () => {
      const product = await create('Received Lanyard', 10);
      await setStock(product._id, 2);
      const [request] = await eventually(
        () => reordersOf(product._id),
        (r) => r.length === 1,
      );
      expect(await pageStock(product._id)).toBe(2);

      const res = await receive(request._id);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        success: true,
        reorder: { _id: request._id, status: 'received', quantity: QUANTITY },
        product: { _id: product._id, stock: 2 + QUANTITY },
      });
      expect(Date.parse(res.body.reorder.receivedAt)).toBeGreaterThanOrEqual(Date.parse(request.createdAt));

      expect(await pageStock(product._id)).toBe(2 + QUANTITY);
      const listed = (await http.get('/admin2009/products', admin)).body.products as AdminProductView[];
      expect(listed.find((p) => p._id === product._id)?.stock).toBe(2 + QUANTITY);
      const upserted = await eventually(
        async () =>
          events.find(
            (e): e is EventEnvelope<ProductUpsertedEvent> =>
              e.type === EVENTS.productUpserted &&
              e.data.productId === product._id &&
              e.data.stock === 2 + QUANTITY,
          ),
        (e) => e !== undefined,
      );
      expect(upserted).toBeDefined();

      const again = await receive(request._id);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(CATALOG_MESSAGES.reorderAlreadyReceived);
      expect(await pageStock(product._id)).toBe(2 + QUANTITY);
      expect(await reordersOf(product._id)).toEqual([expect.objectContaining({ status: 'received' })]);
    });

    it('opens a new request at the next fall once the last one was received', async () => {
      const product = await create('Second Round Lanyard', 10);
      await setStock(product._id, 2);
      const [first] = await eventually(
        () => reordersOf(product._id),
        (r) => r.length === 1,
      );
      expect((await receive(first._id)).status).toBe(200);
      await setStock(product._id, THRESHOLD);
      const lows = await waitForLows(product._id, 2);
      const requests = await reordersOf(product._id);
      expect(requests.map((r) => r.status)).toEqual(['open', 'received']);
      expect(lows[1].reorder).toEqual({ requestId: requests[0]._id, quantity: QUANTITY });
    });

    it('asks for the quantity configured when the stock fell', async () => {
      await setAutoReorder(true, 75);
      try {
        const product = await create('Larger Order Lanyard', 10);
        await setStock(product._id, 1);
        const [request] = await eventually(
          () => reordersOf(product._id),
          (r) => r.length === 1,
        );
        expect(request.quantity).toBe(75);
      } finally {
        await setAutoReorder(true);
      }
    });

    it('lists the request of a deleted product as such, refuses to receive it, and brings it back with the product', async () => {
      const product = await create('Retired Lanyard', 10);
      await setStock(product._id, 2);
      const [request] = await eventually(
        () => reordersOf(product._id),
        (r) => r.length === 1,
      );
      expect((await http.delete(`/admin2009/products/${product._id}`, admin)).status).toBe(200);

      expect(await reordersOf(product._id)).toEqual([
        expect.objectContaining({ _id: request._id, status: 'open', productDeleted: true }),
      ]);
      const refused = await receive(request._id);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(CATALOG_MESSAGES.reorderProductDeleted);

      const restored = await http.post(
        '/admin2009/products',
        productPayload({
          _id: product._id,
          name: 'Retired Lanyard',
          stock: '2',
          lowStockThreshold: THRESHOLD,
        }),
        admin,
      );
      expect(restored.status).toBe(201);
      expect(await reordersOf(product._id)).toEqual([
        expect.objectContaining({ _id: request._id, status: 'open', productDeleted: false }),
      ]);
      expect((await receive(request._id)).body.product).toEqual({ _id: product._id, stock: 2 + QUANTITY });
    });
  });

  it("answers 404 'Reorder request not found' for a request that does not exist", async () => {
    for (const id of [randomUUID(), 'not-an-id']) {
      const res = await receive(id);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(CATALOG_MESSAGES.reorderNotFound);
    }
  });

  it('is for staff only', async () => {
    expect((await http.get('/admin2009/reorders')).status).toBe(401);
    expect((await http.post(`/admin2009/reorders/${randomUUID()}/receive`, {})).status).toBe(401);
  });
});
