import { brokerNames, EventEnvelope, EVENTS } from '@shop/proto';
import { connect } from 'amqplib';
import { randomUUID } from 'node:crypto';
import { databaseUrl } from '@shop/kit';
import { Client } from 'pg';
import { Backend, startBackend } from '../harness/backend';
import { amqpUrl, restartBroker } from '../harness/broker';
import { api, ApiResponse } from '../harness/http';
import { adminToken } from './catalog-support';
import { catalogDb, checkoutBody, createProduct, Http, orderDb } from './order-fixtures';
import { customerToken, eventually, pause, WEBHOOK_SECRET } from './payment-fixtures';

jest.setTimeout(300_000);

const SHOPPERS = 8;
const STREAM_SECONDS = 24;
const STOCK = 100_000;
const SANDBOX_KEY_ID = 'rzp_test_sandbox';
const AUDITED = [
  EVENTS.orderPlaced,
  EVENTS.orderPaid,
  EVENTS.orderCancelled,
  EVENTS.orderExpired,
  EVENTS.paymentCaptured,
];

/** One shopper's attempt: its Idempotency-Key, the order a 2xx answered with, and whether the payment was verified. */
interface Checkout {
  userId: string;
  key: string;
  quantity: number;
  orderId?: string;
  verified: boolean;
  startedAt: number;
}

/**
 * Nothing is lost and nothing happens twice when the broker restarts and the order service is
 * killed in the middle of a stream of checkouts and payments. Shoppers behave as the storefront
 * does: a submit that gets no answer is sent again with the same Idempotency-Key.
 */
describe('checkout through a broker restart and a killed order service', () => {
  let backend: Backend;
  let http: Http;
  let orders: Client;
  let catalog: Client;
  let payments: Client;
  let product: string;
  const admin = adminToken();
  const checkouts: Checkout[] = [];
  const faults: string[] = [];

  /** A durable queue that keeps every audited event through the restart, to be read at the end. */
  const auditQueue = (namespace: string) => `${namespace}.fault-audit`;

  beforeAll(async () => {
    backend = await startBackend({
      services: ['user', 'catalog', 'order', 'payment'],
      env: { RATE_LIMIT_PER_MINUTE: '1000000', RPC_TIMEOUT_MS: '3000' },
      serviceEnv: {
        order: { ORDER_EXPIRY_SWEEP_SECONDS: '1', ORDER_RESERVATION_RECOVERY_SECONDS: '5' },
        payment: { RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET },
      },
    });
    http = api(backend.url);
    orders = await orderDb(backend);
    catalog = await catalogDb(backend);
    payments = new Client({
      connectionString: databaseUrl(backend.env.DATABASE_URL, backend.databases.payment),
    });
    await payments.connect();
    product = await createProduct(http, admin, { name: 'Fault Tolerant Diary', price: 350, stock: STOCK });

    const conn = await connect(amqpUrl());
    const ch = await conn.createChannel();
    const exchange = brokerNames(backend.namespace).eventsExchange;
    await ch.assertExchange(exchange, 'topic', { durable: true });
    await ch.assertQueue(auditQueue(backend.namespace), { durable: true });
    for (const type of AUDITED) await ch.bindQueue(auditQueue(backend.namespace), exchange, type);
    await conn.close();
  });
  afterAll(async () => {
    await payments?.end();
    await orders?.end();
    await catalog?.end();
    if (backend) {
      const conn = await connect(amqpUrl()).catch(() => null);
      await conn?.createChannel().then((ch) => ch.deleteQueue(auditQueue(backend.namespace)));
      await conn?.close();
      await backend.stop();
    }
  });

  /** Sends a call until it gets a final answer: no answer, a 5xx or a 429 is tried again, as a client would. */
  async function untilAnswered(
    send: () => Promise<ApiResponse>,
    deadline: number,
  ): Promise<ApiResponse | null> {
    while (Date.now() < deadline) {
      const res = await send().catch(() => null);
      if (res && res.status < 500 && res.status !== 429) return res;
      await pause(250);
    }
    return null;
  }

  async function shopper(until: number): Promise<void> {
    const { userId, token } = customerToken();
    // A slow machine may bring the order service back late in the window: shoppers then keep on
    // until one checkout begun after the restart has been paid.
    const recovered = () => checkouts.some((c) => c.verified && c.startedAt > orderBackAt);
    while (Date.now() < until || (!recovered() && Date.now() < until + 60_000)) {
      const checkout: Checkout = {
        userId,
        key: randomUUID(),
        quantity: 1 + (checkouts.length % 3),
        verified: false,
        startedAt: Date.now(),
      };
      checkouts.push(checkout);
      const giveUp = Date.now() + 60_000;
      const body = checkoutBody([{ product, quantity: checkout.quantity }]);
      const placed = await untilAnswered(
        () => http.request('POST', '/orders', { body, token, headers: { 'idempotency-key': checkout.key } }),
        giveUp,
      );
      if (placed?.status !== 201) continue;
      checkout.orderId = placed.body.order._id;
      const payment = await untilAnswered(
        () => http.post('/payments/create-order', { orderId: checkout.orderId }, token),
        giveUp,
      );
      if (payment?.status !== 201) continue;
      const signed = await untilAnswered(
        () =>
          http.post('/payments/sandbox/pay', {
            key: SANDBOX_KEY_ID,
            order_id: payment.body.order.id,
            outcome: 'success',
            method: 'upi',
          }),
        giveUp,
      );
      if (signed?.status !== 200) continue;
      const verified = await untilAnswered(
        () => http.post('/payments/verify', { ...signed.body, orderId: checkout.orderId }, token),
        giveUp,
      );
      checkout.verified = verified?.status === 200;
    }
  }

  let orderBackAt = Infinity;

  async function injectFaults(): Promise<void> {
    await pause(5_000);
    faults.push(`broker restart at ${new Date().toISOString()}`);
    await restartBroker();
    await pause(5_000);
    faults.push(`kill -9 order at ${new Date().toISOString()}`);
    await backend.kill('order');
    await pause(1_500);
    await backend.restart('order');
    orderBackAt = Date.now();
    faults.push(`order back at ${new Date().toISOString()}`);
  }

  it('keeps every promise made to a shopper', async () => {
    const until = Date.now() + STREAM_SECONDS * 1000;
    await Promise.all([injectFaults(), ...Array.from({ length: SHOPPERS }, () => shopper(until))]);

    const answered = checkouts.filter((c) => c.orderId);
    const verified = checkouts.filter((c) => c.verified);
    // The faults happened while shoppers were checking out, and the shop came back: checkouts
    // begun after the order service restarted were placed and paid. How many fit in the window
    // depends on the machine, so the count is bench:checkout's business, not this test's.
    expect(faults).toHaveLength(3);
    expect(verified.filter((c) => c.startedAt > orderBackAt).length).toBeGreaterThan(0);

    // Every checkout that got a 2xx has exactly one order: the one its key names.
    for (const c of answered) {
      const { rows } = await orders.query(
        `SELECT order_id FROM idempotency_keys WHERE user_id = $1 AND key = $2`,
        [c.userId, c.key],
      );
      expect(rows).toEqual([{ order_id: c.orderId }]);
    }
    expect(new Set(answered.map((c) => c.orderId)).size).toBe(answered.length);

    // Every verified payment has a paid order.
    await eventually(
      async () => {
        const { rows } = await orders.query(
          `SELECT count(*)::int AS n FROM orders WHERE id = ANY($1::uuid[]) AND payment_status = 'paid'`,
          [verified.map((c) => c.orderId)],
        );
        return rows[0].n === verified.length;
      },
      'every verified payment to pay its order',
      60_000,
    );

    // No order row is left waiting for the catalog, and every outbox drains.
    await eventually(
      async () => (await orders.query(`SELECT 1 FROM orders WHERE reservation = 'pending'`)).rowCount === 0,
      'unsettled order rows',
      30_000,
    );
    const services = [
      ['order', orders],
      ['catalog', catalog],
      ['payment', payments],
    ] as const;
    for (const [service, db] of services) {
      await eventually(
        async () => (await db.query(`SELECT 1 FROM outbox`)).rowCount === 0,
        `the ${service} outbox to drain`,
        30_000,
      ).catch((err) => {
        throw new Error(`${err.message}\n${faults.join('\n')}\n${backend.logs(service).slice(-6000)}`);
      });
    }

    // Each event happened once: one order.placed per order, one capture and one order.paid per paid order.
    const placedIds: string[] = (
      await orders.query(`SELECT id FROM orders WHERE reservation = 'reserved'`)
    ).rows.map((r) => r.id);
    const paidIds: string[] = (
      await orders.query(`SELECT id FROM orders WHERE payment_status = 'paid'`)
    ).rows.map((r) => r.id);
    const events = await readAudit(backend.namespace);
    const distinct = (type: string, orderId: string) =>
      new Set(events.filter((e) => e.type === type && e.data.orderId === orderId).map((e) => e.id)).size;
    for (const id of placedIds) expect([id, distinct(EVENTS.orderPlaced, id)]).toEqual([id, 1]);
    for (const id of paidIds) {
      expect([id, distinct(EVENTS.paymentCaptured, id), distinct(EVENTS.orderPaid, id)]).toEqual([id, 1, 1]);
    }
    const orderIdsIn = (type: string) =>
      new Set(events.filter((e) => e.type === type).map((e) => e.data.orderId));
    expect([...orderIdsIn(EVENTS.orderPaid)].sort()).toEqual([...paidIds].sort());

    // The catalog applied each reservation and each payment once: its counts match the orders exactly.
    const { rows: units } = await orders.query(
      `SELECT coalesce(sum(l.quantity) FILTER (WHERE o.payment_status = 'paid'), 0)::int AS paid,
              coalesce(sum(l.quantity) FILTER (WHERE o.payment_status <> 'paid' AND o.status <> 'Cancelled'), 0)::int AS held
       FROM orders o JOIN order_lines l ON l.order_id = o.id WHERE o.reservation = 'reserved'`,
    );
    await eventually(
      async () => {
        const { rows } = await catalog.query(`SELECT stock, reserved FROM products WHERE id = $1`, [product]);
        return rows[0].stock === STOCK - units[0].paid && rows[0].reserved === units[0].held;
      },
      'the catalog to hold exactly what the orders say',
      30_000,
    );

    // Nothing was parked as poison.
    const conn = await connect(amqpUrl());
    const ch = await conn.createChannel();
    for (const service of ['order', 'catalog', 'payment']) {
      const { messageCount } = await ch.checkQueue(brokerNames(backend.namespace).deadLetterQueue(service));
      expect([service, messageCount]).toEqual([service, 0]);
    }
    await conn.close();
  });
});

/** Everything the audit queue kept, in the envelopes the services published. */
async function readAudit(namespace: string): Promise<EventEnvelope<{ orderId: string }>[]> {
  const conn = await connect(amqpUrl());
  const ch = await conn.createChannel();
  const events: EventEnvelope<{ orderId: string }>[] = [];
  for (;;) {
    const msg = await ch.get(`${namespace}.fault-audit`, { noAck: true });
    if (!msg) break;
    events.push(JSON.parse(msg.content.toString()));
  }
  await conn.close();
  return events;
}
