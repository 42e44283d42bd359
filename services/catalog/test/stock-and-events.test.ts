import { randomUUID } from 'node:crypto';
import { connect, ConsumeMessage } from 'amqplib';
import { Client } from 'pg';
import { RpcClient, RpcError } from '@shop/kit';
import {
  Actor,
  brokerNames,
  EventEnvelope,
  EVENTS,
  PriceQuoteReply,
  ProductUpsertedEvent,
  ProductView,
  RPC,
  SEEDED_SETTINGS,
  StockLowEvent,
  StockReserveReply,
} from '@shop/proto';
import { Backend, startBackend } from '../../../e2e/harness/backend';
import { publishEvent } from '../../../e2e/api/catalog-support';

jest.setTimeout(90_000);

const admin: Actor = { userId: randomUUID(), role: 'admin' };

/** Collects the catalog's events from the test namespace's exchange. */
async function listen(namespace: string, types: string[]) {
  const conn = await connect(process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672');
  const ch = await conn.createChannel();
  const exchange = brokerNames(namespace).eventsExchange;
  await ch.assertExchange(exchange, 'topic', { durable: true });
  const { queue } = await ch.assertQueue('', { exclusive: true, autoDelete: true });
  for (const type of types) await ch.bindQueue(queue, exchange, type);
  const received: EventEnvelope<any>[] = [];
  await ch.consume(
    queue,
    (msg: ConsumeMessage | null) => msg && received.push(JSON.parse(msg.content.toString())),
    { noAck: true },
  );
  return {
    received,
    async waitFor<T>(
      type: string,
      match: (data: T) => boolean,
      timeoutMs = 10_000,
    ): Promise<EventEnvelope<T>> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find((e) => e.type === type && match(e.data));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no ${type} event arrived`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => conn.close(),
  };
}

describe('catalog stock reservations, price quotes and events', () => {
  let backend: Backend;
  let rpc: RpcClient;
  let db: Client;
  let events: Awaited<ReturnType<typeof listen>>;

  const createProduct = async (fields: Record<string, unknown>) => {
    const reply = await rpc.call<{ product: ProductView }>(
      RPC.catalog.productCreate,
      { category: 'Drinkware', description: 'For the stock tests.', brand: 'jaksh', price: 250, ...fields },
      { actor: admin },
    );
    return reply.product;
  };
  const reserve = (orderId: string, lines: { productId: string; quantity: number }[]) =>
    rpc.call<StockReserveReply>(RPC.catalog.stockReserve, { orderId, lines });
  const stockOf = async (id: string) =>
    (await db.query(`SELECT stock, reserved FROM products WHERE id = $1`, [id])).rows[0] as {
      stock: number;
      reserved: number;
    };
  const statusOf = async (orderId: string) =>
    (await db.query(`SELECT status FROM stock_reservations WHERE order_id = $1`, [orderId])).rows[0]?.status;
  const eventually = async (probe: () => Promise<boolean>) => {
    const deadline = Date.now() + 10_000;
    while (!(await probe())) {
      if (Date.now() > deadline) throw new Error('condition not reached');
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  beforeAll(async () => {
    backend = await startBackend({ services: ['catalog'] });
    events = await listen(backend.namespace, [
      EVENTS.productUpserted,
      EVENTS.productDeleted,
      EVENTS.stockLow,
    ]);
    rpc = new RpcClient({
      AMQP_URL: backend.env.AMQP_URL,
      BUS_NAMESPACE: backend.namespace,
      RPC_TIMEOUT_MS: 15_000,
    });
    db = new Client({
      connectionString: backend.env.DATABASE_URL.replace(/\/[^/]*$/, `/${backend.databases.catalog}`),
    });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await rpc?.onApplicationShutdown();
    await events?.close();
    await backend?.stop();
  });

  describe('catalog.stock.reserve', () => {
    it('lets exactly 10 of 100 parallel one-unit orders reserve a stock of 10, and stock never goes negative', async () => {
      const product = await createProduct({ name: 'Steel Bottle', stock: 10 });
      const results = await Promise.allSettled(
        Array.from({ length: 100 }, () => reserve(randomUUID(), [{ productId: product._id, quantity: 1 }])),
      );
      const ok = results.filter((r) => r.status === 'fulfilled');
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(ok).toHaveLength(10);
      expect(refused).toHaveLength(90);
      for (const r of refused) {
        expect(r.reason).toBeInstanceOf(RpcError);
        expect(r.reason.payload).toMatchObject({ status: 409, message: 'Steel Bottle is out of stock' });
      }
      expect(await stockOf(product._id)).toEqual({ stock: 10, reserved: 10 });
      const { rows } = await db.query(
        `SELECT count(*)::int AS n FROM products WHERE stock < 0 OR reserved > stock`,
      );
      expect(rows[0].n).toBe(0);
      const view = await rpc.call<{ product: ProductView }>(RPC.catalog.productGet, { id: product._id });
      expect(view.product.stock).toBe(0);
    });

    it('reserves once when the same order id asks twice, even at the same moment', async () => {
      const product = await createProduct({ name: 'Glass Tumbler', stock: 20 });
      const orderId = randomUUID();
      const [a, b] = await Promise.all([
        reserve(orderId, [{ productId: product._id, quantity: 3 }]),
        reserve(orderId, [{ productId: product._id, quantity: 3 }]),
      ]);
      expect([a.created, b.created].sort()).toEqual([false, true]);
      const again = await reserve(orderId, [{ productId: product._id, quantity: 3 }]);
      expect(again).toMatchObject({
        orderId,
        status: 'reserved',
        created: false,
        lines: [{ productId: product._id, quantity: 3 }],
      });
      expect(await stockOf(product._id)).toEqual({ stock: 20, reserved: 3 });
    });

    it('takes all lines or none, naming the product that is short', async () => {
      const plenty = await createProduct({ name: 'Bamboo Cup', stock: 50 });
      const scarce = await createProduct({ name: 'Copper Mug', stock: 2 });
      await expect(
        reserve(randomUUID(), [
          { productId: plenty._id, quantity: 5 },
          { productId: scarce._id, quantity: 3 },
        ]),
      ).rejects.toMatchObject({
        payload: { status: 409, message: 'Only 2 units of Copper Mug left in stock' },
      });
      expect(await stockOf(plenty._id)).toEqual({ stock: 50, reserved: 0 });
    });

    it('adds up two lines of one product', async () => {
      const product = await createProduct({ name: 'Enamel Mug', stock: 5 });
      const lines = [
        { productId: product._id, quantity: 3 },
        { productId: product._id, quantity: 3 },
      ];
      await expect(reserve(randomUUID(), lines)).rejects.toMatchObject({
        payload: { status: 409, message: 'Only 5 units of Enamel Mug left in stock' },
      });
      const reply = await reserve(randomUUID(), [lines[0], { productId: product._id, quantity: 2 }]);
      expect(reply.lines).toEqual([{ productId: product._id, quantity: 5 }]);
      expect(await stockOf(product._id)).toEqual({ stock: 5, reserved: 5 });
    });

    it('refuses a product that was deleted or never existed', async () => {
      const product = await createProduct({ name: 'Retired Flask', stock: 5 });
      await rpc.call(RPC.catalog.productDelete, { id: product._id }, { actor: admin });
      await expect(reserve(randomUUID(), [{ productId: product._id, quantity: 1 }])).rejects.toMatchObject({
        payload: { status: 409, message: 'Retired Flask is no longer available' },
      });
      await expect(reserve(randomUUID(), [{ productId: randomUUID(), quantity: 1 }])).rejects.toMatchObject({
        payload: { status: 409, message: 'The requested product could not be found.' },
      });
      await expect(reserve(randomUUID(), [])).rejects.toMatchObject({
        payload: { status: 400, message: 'An order needs at least one product' },
      });
    });
  });

  describe('order events', () => {
    it('order.paid commits the reservation: the units leave stock, once, however often the event comes', async () => {
      const product = await createProduct({ name: 'Travel Mug', stock: 10 });
      const orderId = randomUUID();
      await reserve(orderId, [{ productId: product._id, quantity: 4 }]);
      await publishEvent(backend.namespace, EVENTS.orderPaid, { orderId });
      await publishEvent(backend.namespace, EVENTS.orderPaid, { orderId });
      await eventually(async () => (await statusOf(orderId)) === 'committed');
      await new Promise((r) => setTimeout(r, 300));
      expect(await stockOf(product._id)).toEqual({ stock: 6, reserved: 0 });
    });

    it.each([EVENTS.orderCancelled, EVENTS.orderExpired])('%s releases the held units', async (type) => {
      const product = await createProduct({ name: `Release Mug ${type}`, stock: 10 });
      const orderId = randomUUID();
      await reserve(orderId, [{ productId: product._id, quantity: 7 }]);
      expect(await stockOf(product._id)).toEqual({ stock: 10, reserved: 7 });
      await publishEvent(backend.namespace, type, { orderId });
      await eventually(async () => (await statusOf(orderId)) === 'released');
      expect(await stockOf(product._id)).toEqual({ stock: 10, reserved: 0 });
    });

    it('a paid order that is cancelled puts its units back in stock', async () => {
      const product = await createProduct({ name: 'Refund Mug', stock: 10 });
      const orderId = randomUUID();
      await reserve(orderId, [{ productId: product._id, quantity: 2 }]);
      await publishEvent(backend.namespace, EVENTS.orderPaid, { orderId });
      await eventually(async () => (await statusOf(orderId)) === 'committed');
      await publishEvent(backend.namespace, EVENTS.orderCancelled, { orderId });
      await eventually(async () => (await statusOf(orderId)) === 'released');
      expect(await stockOf(product._id)).toEqual({ stock: 10, reserved: 0 });
    });
  });

  describe('events for the rest of the shop', () => {
    it('publishes product.upserted with what a cart needs to price and show a line', async () => {
      const option = await rpc.call<{ customization: { _id: string } }>(
        RPC.catalog.customizationCreate,
        { name: 'Gift Box', type: 'boolean', priceModifier: { operator: '+', value: 49 } },
        { actor: admin },
      );
      const product = await createProduct({
        name: 'Cart Mug',
        stock: 9,
        price: 349,
        images: ['/uploads/products/a.webp', '/uploads/products/b.webp'],
        customizations: [{ optionId: option.customization._id, enabled: true }],
      });
      const event = await events.waitFor<ProductUpsertedEvent>(
        EVENTS.productUpserted,
        (d) => d.productId === product._id,
      );
      expect(event.data).toMatchObject({
        name: 'Cart Mug',
        brand: 'jaksh',
        pricePaise: 34_900,
        image: '/uploads/products/a.webp',
        stock: 9,
        deleted: false,
        customizationOptions: [
          {
            optionId: option.customization._id,
            name: 'Gift Box',
            type: 'boolean',
            priceModifier: { operator: '+', value: 4900 },
            options: [],
          },
        ],
      });

      await reserve(randomUUID(), [{ productId: product._id, quantity: 2 }]);
      const afterReserve = await events.waitFor<ProductUpsertedEvent>(
        EVENTS.productUpserted,
        (d) => d.productId === product._id && d.stock === 7,
      );
      expect(afterReserve.data.version).toBeGreaterThan(event.data.version);

      await rpc.call(RPC.catalog.productDelete, { id: product._id }, { actor: admin });
      const deleted = await events.waitFor<{ productId: string; deleted: boolean }>(
        EVENTS.productDeleted,
        (d) => d.productId === product._id,
      );
      expect(deleted.data.deleted).toBe(true);
    });

    it('publishes product.upserted again for every product linking a library option when the option changes', async () => {
      const wrap = await rpc.call<{ customization: { _id: string } }>(
        RPC.catalog.customizationCreate,
        { name: 'Velvet Pouch', type: 'boolean', priceModifier: { operator: '+', value: 20 } },
        { actor: admin },
      );
      const product = await createProduct({
        name: 'Pouch Mug',
        stock: 4,
        customizations: [{ optionId: wrap.customization._id, enabled: true }],
      });
      await rpc.call(
        RPC.catalog.customizationUpdate,
        {
          id: wrap.customization._id,
          body: { name: 'Velvet Pouch', type: 'boolean', priceModifier: { operator: '+', value: 35 } },
        },
        { actor: admin },
      );
      const event = await events.waitFor<ProductUpsertedEvent>(
        EVENTS.productUpserted,
        (d) => d.productId === product._id && d.customizationOptions[0]?.priceModifier?.value === 3500,
      );
      expect(event.data.customizationOptions[0]).toMatchObject({
        name: 'Velvet Pouch',
        priceModifier: { operator: '+', value: 3500 },
      });
    });

    it('publishes stock.low once when available stock falls to the product’s threshold', async () => {
      const product = await createProduct({ name: 'Threshold Mug', stock: 8, lowStockThreshold: 3 });
      await reserve(randomUUID(), [{ productId: product._id, quantity: 4 }]);
      await reserve(randomUUID(), [{ productId: product._id, quantity: 1 }]);
      const low = await events.waitFor<StockLowEvent>(EVENTS.stockLow, (d) => d.productId === product._id);
      expect(low.data).toMatchObject({ name: 'Threshold Mug', stock: 3, threshold: 3 });
      await reserve(randomUUID(), [{ productId: product._id, quantity: 1 }]);
      await new Promise((r) => setTimeout(r, 500));
      expect(
        events.received.filter((e) => e.type === EVENTS.stockLow && e.data.productId === product._id),
      ).toHaveLength(1);
    });

    it('publishes stock.low again when a product restocked above its threshold falls to it again', async () => {
      const product = await createProduct({ name: 'Returning Mug', stock: 6, lowStockThreshold: 3 });
      const cancelled = randomUUID();
      await reserve(cancelled, [{ productId: product._id, quantity: 3 }]);
      await events.waitFor<StockLowEvent>(EVENTS.stockLow, (d) => d.productId === product._id);
      await publishEvent(backend.namespace, EVENTS.orderCancelled, { orderId: cancelled });
      await eventually(async () => (await statusOf(cancelled)) === 'released');
      await reserve(randomUUID(), [{ productId: product._id, quantity: 4 }]);
      await events.waitFor<StockLowEvent>(
        EVENTS.stockLow,
        (d) => d.productId === product._id && d.stock === 2,
      );
      expect(
        events.received.filter((e) => e.type === EVENTS.stockLow && e.data.productId === product._id),
      ).toHaveLength(2);
    });

    it('opens a reorder request with the reservation that takes a product to its threshold while auto reorder is on, and takes no stock for it', async () => {
      await publishEvent(backend.namespace, EVENTS.settingsUpdated, {
        ...SEEDED_SETTINGS,
        autoReorderEnabled: true,
        autoReorderQuantity: 30,
      });
      await eventually(
        async () =>
          (await db.query(`SELECT auto_reorder_enabled FROM shop_settings WHERE id = 1`)).rows[0]
            ?.auto_reorder_enabled === true,
      );
      const product = await createProduct({ name: 'Reordered Mug', stock: 5, lowStockThreshold: 2 });
      await expect(reserve(randomUUID(), [{ productId: product._id, quantity: 6 }])).rejects.toBeInstanceOf(
        RpcError,
      );
      await reserve(randomUUID(), [{ productId: product._id, quantity: 3 }]);
      const low = await events.waitFor<StockLowEvent>(EVENTS.stockLow, (d) => d.productId === product._id);
      const { rows } = await db.query(
        `SELECT id, quantity, status, opened_by FROM reorder_requests WHERE product_id = $1`,
        [product._id],
      );
      expect(rows).toEqual([
        { id: low.data.reorder!.requestId, quantity: 30, status: 'open', opened_by: 'auto-reorder' },
      ]);
      expect(low.data).toMatchObject({ stock: 2, threshold: 2, reorder: { quantity: 30 } });
      expect(await stockOf(product._id)).toEqual({ stock: 5, reserved: 3 });
    });

    it('uses the shop’s seeded low stock threshold when the product sets none', async () => {
      const threshold = SEEDED_SETTINGS.lowStockThreshold;
      const product = await createProduct({ name: 'Default Threshold Mug', stock: threshold + 1 });
      await reserve(randomUUID(), [{ productId: product._id, quantity: 1 }]);
      const low = await events.waitFor<StockLowEvent>(EVENTS.stockLow, (d) => d.productId === product._id);
      expect(low.data).toMatchObject({ stock: threshold, threshold });
    });
  });

  describe('catalog.product.many', () => {
    it('answers products by id in the order asked, leaving out those that are gone', async () => {
      const a = await createProduct({ name: 'Many Mug A', stock: 1 });
      const b = await createProduct({ name: 'Many Mug B', stock: 1 });
      await rpc.call(RPC.catalog.productDelete, { id: a._id }, { actor: admin });
      const reply = await rpc.call<{ products: ProductView[] }>(RPC.catalog.productMany, {
        ids: [b._id, a._id, randomUUID()],
      });
      expect(reply.products.map((p) => p.name)).toEqual(['Many Mug B']);
    });
  });

  describe('catalog.price.quote', () => {
    it('prices each line from the catalog with the pricing function, in paise, and reports products that are gone', async () => {
      const size = await rpc.call<{ customization: { _id: string } }>(
        RPC.catalog.customizationCreate,
        {
          name: 'Mug Size',
          type: 'select',
          options: [
            { value: '350 ml', priceModifier: { operator: '+', value: 0 } },
            { value: '500 ml', priceModifier: { operator: '+', value: 60.5 } },
          ],
        },
        { actor: admin },
      );
      const product = await createProduct({
        name: 'Quoted Mug',
        stock: 12,
        price: 299,
        customizations: [{ optionId: size.customization._id, enabled: true }],
      });
      const missing = randomUUID();
      const quote = await rpc.call<PriceQuoteReply>(RPC.catalog.priceQuote, {
        lines: [
          {
            productId: product._id,
            quantity: 2,
            customization: { dynamicCustomizations: { [size.customization._id]: '500 ml' } },
          },
          { productId: product._id, quantity: 1, customization: {} },
          { productId: missing, quantity: 1 },
        ],
      });
      expect(quote.lines[0]).toMatchObject({
        found: true,
        name: 'Quoted Mug',
        basePricePaise: 29_900,
        unitPricePaise: 35_950,
        linePricePaise: 71_900,
        stock: 12,
      });
      expect(quote.lines[1]).toMatchObject({ unitPricePaise: 29_900, linePricePaise: 29_900 });
      expect(quote.lines[2]).toMatchObject({ productId: missing, found: false, linePricePaise: 0 });
      expect(quote.totalPaise).toBe(71_900 + 29_900);
    });
  });
});
