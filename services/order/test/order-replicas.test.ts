import { Test, TestingModule } from '@nestjs/testing';
import { dropDatabase, RpcClient, RpcError } from '@shop/kit';
import { brokerNames, EventEnvelope, EVENTS, ORDER_MESSAGES, RPC } from '@shop/proto';
import { Channel, ChannelModel, connect } from 'amqplib';
import { randomBytes, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { deleteNamespace } from '../../../e2e/harness/broker';
import { OrderLifecycle } from '../src/orders/order-lifecycle';
import { OrderLineEntity } from '../src/orders/order-line.entity';
import { OrderReservations } from '../src/orders/order-reservations';
import { OrderEntity } from '../src/orders/order.entity';

jest.setTimeout(60_000);

const namespace = `t${randomBytes(4).toString('hex')}`;
const database = `${namespace}_order`;

/**
 * The catalog as the order service sees it over RPC, scripted per test so that two replicas can be
 * given exactly the answers whose interleaving is under test.
 */
const catalog = {
  reserve: async (): Promise<unknown> => ({ status: 'reserved', created: true }),
  async call(pattern: string): Promise<unknown> {
    if (pattern !== RPC.catalog.stockReserve) throw new Error(`unexpected RPC ${pattern}`);
    return catalog.reserve();
  },
  async onApplicationShutdown() {},
};

/** Every order event the replicas publish, as another service would receive them. */
class Recorder {
  readonly seen: EventEnvelope<{ orderId: string }>[] = [];
  private conn?: ChannelModel;

  async start(): Promise<void> {
    this.conn = await connect(process.env.AMQP_URL!);
    const ch: Channel = await this.conn.createChannel();
    const exchange = brokerNames(namespace).eventsExchange;
    await ch.assertExchange(exchange, 'topic', { durable: true });
    const { queue } = await ch.assertQueue('', { exclusive: true });
    await ch.bindQueue(queue, exchange, 'order.#');
    await ch.consume(queue, (msg) => msg && this.seen.push(JSON.parse(msg.content.toString())), {
      noAck: true,
    });
  }

  of(type: string, orderId?: string) {
    return this.seen.filter((e) => e.type === type && (!orderId || e.data.orderId === orderId));
  }

  async stop(): Promise<void> {
    await this.conn?.close();
  }
}

async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('two replicas of the order service on one database', () => {
  let replicas: TestingModule[];
  let db: DataSource;
  const recorder = new Recorder();

  beforeAll(async () => {
    Object.assign(process.env, {
      DATABASE_NAME: database,
      BUS_NAMESPACE: namespace,
      HEALTH_PORT: '0',
      LOG_LEVEL: 'silent',
      ORDER_EXPIRY_SWEEP_SECONDS: '0.2',
    });
    const { AppModule } = await import('../src/app.module');
    const start = async () => {
      const replica = await Test.createTestingModule({ imports: [AppModule] })
        .overrideProvider(RpcClient)
        .useValue(catalog)
        .compile();
      replica.useLogger(false);
      await replica.init();
      return replica;
    };
    replicas = [await start(), await start()];
    db = replicas[0].get(DataSource);
    await recorder.start();
  });
  afterAll(async () => {
    await recorder.stop();
    await Promise.all((replicas ?? []).map((r) => r.close()));
    await dropDatabase(process.env.DATABASE_URL!, database).catch(() => undefined);
    await deleteNamespace(namespace).catch(() => undefined);
  });

  /** An order row as checkout writes it, reserved or still waiting for the catalog. */
  async function orderRow(options: {
    reservation: 'pending' | 'reserved';
    expired?: boolean;
  }): Promise<string> {
    const id = randomUUID();
    await db.query(
      `INSERT INTO orders (id, user_id, reservation, payment_method, subtotal_paise, discount_paise, shipping_paise, tax_paise, tax_rate,
                           total_paise, shipping_address, expires_at)
       VALUES ($1, $2, $3, 'razorpay', 50000, 0, 9900, 10782, 18, 70682, '{"fullName":"Ravi"}', now() + $4 * interval '1 hour')`,
      [id, randomUUID(), options.reservation, options.expired ? -1 : 1],
    );
    await db.query(
      `INSERT INTO order_lines (order_id, position, product_id, name, base_price_paise, unit_price_paise, quantity) VALUES ($1, 0, $2, 'Diary', 50000, 50000, 1)`,
      [id, randomUUID()],
    );
    await db.query(`INSERT INTO order_status_history (order_id, status) VALUES ($1, 'Pending')`, [id]);
    return id;
  }

  const load = async (id: string) => ({
    order: (await db.manager.findOneBy(OrderEntity, { id }))!,
    lines: await db.manager.find(OrderLineEntity, { where: { orderId: id } }),
  });

  it('expire each overdue order exactly once while both sweep', async () => {
    const ids = await Promise.all(
      Array.from({ length: 40 }, () => orderRow({ reservation: 'reserved', expired: true })),
    );
    await eventually(
      () => recorder.of(EVENTS.orderExpired).filter((e) => ids.includes(e.data.orderId)).length >= ids.length,
    );
    await new Promise((r) => setTimeout(r, 600));
    const expired = recorder
      .of(EVENTS.orderExpired)
      .map((e) => e.data.orderId)
      .filter((id) => ids.includes(id));
    expect(expired.sort()).toEqual([...ids].sort());
    const { 0: row } = await db.query(
      `SELECT count(*) FILTER (WHERE status = 'Cancelled')::int AS cancelled, count(DISTINCT order_id)::int AS orders FROM order_status_history WHERE order_id = ANY($1)`,
      [ids],
    );
    expect(row).toEqual({ cancelled: 40, orders: 40 });
  });

  it('pay an order once when both are handed its capture at the same moment', async () => {
    const id = await orderRow({ reservation: 'reserved' });
    const capture = (paymentId: string) => ({
      orderId: id,
      paymentId,
      providerOrderId: 'order_x',
      amountPaise: 70682,
      method: 'card',
      capturedAt: new Date().toISOString(),
    });
    await Promise.all(
      replicas.map((replica, i) =>
        replica.get(DataSource).transaction((m) => replica.get(OrderLifecycle).paid(m, capture(`pay_${i}`))),
      ),
    );
    await eventually(() => recorder.of(EVENTS.orderPaid, id).length === 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(recorder.of(EVENTS.orderPaid, id)).toHaveLength(1);
    const { 0: order } = await db.query(`SELECT payment_status FROM orders WHERE id = $1`, [id]);
    expect(order.payment_status).toBe('paid');
  });

  it('record the catalog’s yes once when both ask for the same order', async () => {
    const id = await orderRow({ reservation: 'pending' });
    const { order, lines } = await load(id);
    catalog.reserve = async () => ({ status: 'reserved', created: false });
    await Promise.all(replicas.map((r) => r.get(OrderReservations).reserve(order, lines)));
    await eventually(() => recorder.of(EVENTS.orderPlaced, id).length === 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(recorder.of(EVENTS.orderPlaced, id)).toHaveLength(1);
  });

  it('hand back stock the catalog reserved for an order the other replica had already given up', async () => {
    const id = await orderRow({ reservation: 'pending' });
    const { order, lines } = await load(id);
    catalog.reserve = async () => {
      throw RpcError.conflict('Diary is out of stock');
    };
    await expect(replicas[0].get(OrderReservations).reserve(order, lines)).rejects.toMatchObject({
      payload: { status: 409, message: 'Diary is out of stock' },
    });
    expect(await db.manager.existsBy(OrderEntity, { id })).toBe(false);

    catalog.reserve = async () => ({ status: 'reserved', created: true });
    await expect(replicas[1].get(OrderReservations).reserve(order, lines)).rejects.toMatchObject({
      payload: { status: 409, message: ORDER_MESSAGES.notPlaced },
    });
    await eventually(() => recorder.of(EVENTS.orderCancelled, id).length === 1);
    expect(recorder.of(EVENTS.orderCancelled, id)[0].data).toMatchObject({
      orderId: id,
      reason: 'not-placed',
      lines: [{ quantity: 1 }],
    });
    expect(recorder.of(EVENTS.orderPlaced, id)).toHaveLength(0);
  });

  it('leave a row pending when the catalog cannot be reached, for the sweep to settle later', async () => {
    const id = await orderRow({ reservation: 'pending' });
    const { order, lines } = await load(id);
    catalog.reserve = async () => {
      throw RpcError.unavailable('The catalog service is unavailable');
    };
    await expect(replicas[0].get(OrderReservations).reserve(order, lines)).rejects.toMatchObject({
      payload: { status: 503 },
    });
    const { 0: row } = await db.query(`SELECT reservation FROM orders WHERE id = $1`, [id]);
    expect(row.reservation).toBe('pending');
  });
});
