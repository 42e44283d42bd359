import { databaseUrl } from '@shop/kit';
import {
  brokerNames,
  EventEnvelope,
  EVENTS,
  OrderPlacedEvent,
  TOKEN_AUDIENCE,
  TOKEN_ISSUER,
} from '@shop/proto';
import { Channel, ChannelModel, connect } from 'amqplib';
import * as jwt from 'jsonwebtoken';
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from 'pg';
import { SANDBOX_KEYS } from '../../services/payment/src/config/payment-config';
import { amqpUrl } from '../harness/broker';
import { Backend, startBackend, TEST_JWT_SECRET } from '../harness/backend';
import { api } from '../harness/http';
import { Http, orderDb } from './order-fixtures';
import { freePort } from '../harness/ports';

/** What the API tests of payments share: tokens, events on the bus, and webhooks. */

export const WEBHOOK_SECRET = 'test-webhook-secret-for-payments';

/**
 * A customer token for a user the user service need not know: the gateway trusts the signature.
 * Checkout asks the user service whether the customer's e-mail address is verified (an account it
 * does not know is not refused for that), so a backend that places orders runs it.
 */
export function customerToken(userId: string = randomUUID()): { userId: string; token: string } {
  const token = jwt.sign({ sub: userId, role: 'customer', sid: randomUUID() }, TEST_JWT_SECRET, {
    audience: TOKEN_AUDIENCE.customer,
    issuer: TOKEN_ISSUER,
    expiresIn: '1h',
  });
  return { userId, token };
}

export async function eventually(
  check: () => Promise<boolean> | boolean,
  what: string,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A connection to the test namespace's event exchange: publishes events as a service's outbox
 * would, and records every event of the given types that any service publishes.
 */
export class Bus {
  readonly seen: EventEnvelope[] = [];

  private constructor(
    private readonly conn: ChannelModel,
    private readonly channel: Channel,
    private readonly exchange: string,
  ) {}

  static async open(namespace: string, recordTypes: string[]): Promise<Bus> {
    const conn = await connect(amqpUrl());
    const channel = await conn.createChannel();
    const exchange = brokerNames(namespace).eventsExchange;
    await channel.assertExchange(exchange, 'topic', { durable: true });
    const bus = new Bus(conn, channel, exchange);
    const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true });
    for (const type of recordTypes) await channel.bindQueue(queue, exchange, type);
    await channel.consume(queue, (msg) => msg && bus.seen.push(JSON.parse(msg.content.toString())), {
      noAck: true,
    });
    return bus;
  }

  async publish<T>(type: string, data: T, occurredAt = new Date()): Promise<string> {
    const id = randomUUID();
    const envelope: EventEnvelope<T> = { id, type, occurredAt: occurredAt.toISOString(), version: 1, data };
    this.channel.publish(this.exchange, type, Buffer.from(JSON.stringify(envelope)), {
      persistent: true,
      messageId: id,
      contentType: 'application/json',
    });
    return id;
  }

  /** Announces an order as the order service does when it is placed. */
  async placeOrder(userId: string, totalPaise: number, orderId: string = randomUUID()): Promise<string> {
    const now = new Date();
    await this.publish<OrderPlacedEvent>(EVENTS.orderPlaced, {
      orderId,
      userId,
      totalPaise,
      subtotalPaise: totalPaise,
      discountPaise: 0,
      shippingPaise: 0,
      taxPaise: 0,
      coupon: null,
      currency: 'INR',
      lines: [{ productId: randomUUID(), quantity: 1, unitPricePaise: totalPaise, name: 'Test product' }],
      expiresAt: new Date(now.getTime() + 30 * 60_000).toISOString(),
      createdAt: now.toISOString(),
    });
    return orderId;
  }

  of<T>(type: string, orderId: string): EventEnvelope<T>[] {
    return this.seen.filter(
      (e) => e.type === type && (e.data as { orderId?: string }).orderId === orderId,
    ) as EventEnvelope<T>[];
  }

  /** A connection the broker already closed (a test that restarts it ran) has nothing left to close. */
  async close(): Promise<void> {
    await this.conn.close().catch(() => undefined);
  }
}

export interface RecordedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  event: string;
}

/** Stands where Razorpay's dashboard points webhooks, and keeps what the sandbox sends. */
export class WebhookRecorder {
  readonly received: RecordedWebhook[] = [];
  private server?: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        this.received.push({ headers: req.headers, body, event: JSON.parse(body).event });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', () => resolve()));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/webhook`;
  }

  forOrder(providerOrderId: string): RecordedWebhook[] {
    return this.received.filter(
      (w) => JSON.parse(w.body).payload.payment.entity.order_id === providerOrderId,
    );
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

export const signWebhook = (body: string, secret = WEBHOOK_SECRET) =>
  createHmac('sha256', secret).update(body).digest('hex');

/** Posts a webhook to the gateway exactly as Razorpay does: raw JSON, signature and event id headers. */
export async function deliverWebhook(
  baseUrl: string,
  body: string,
  options: { signature?: string; eventId?: string | null } = {},
): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  headers['x-razorpay-signature'] = options.signature ?? signWebhook(body);
  if (options.eventId !== null) headers['x-razorpay-event-id'] = options.eventId ?? `evt_${randomUUID()}`;
  const res = await fetch(`${baseUrl}/api/payments/webhook`, { method: 'POST', headers, body });
  return { status: res.status, body: await res.json() };
}

/** A Razorpay webhook body for one payment of a provider order. */
export function webhookBody(
  event: 'payment.captured' | 'payment.failed' | 'order.paid',
  payment: { id: string; orderId: string; amount: number; method?: string },
): string {
  const failed = event === 'payment.failed';
  const entity = {
    id: payment.id,
    entity: 'payment',
    amount: payment.amount,
    currency: 'INR',
    status: failed ? 'failed' : 'captured',
    order_id: payment.orderId,
    method: payment.method ?? 'card',
    captured: !failed,
    description: null,
    email: null,
    contact: null,
    error_code: failed ? 'BAD_REQUEST_ERROR' : null,
    error_description: failed ? 'Payment failed' : null,
    error_source: failed ? 'customer' : null,
    error_step: failed ? 'payment_authentication' : null,
    error_reason: failed ? 'payment_failed' : null,
    created_at: Math.floor(Date.now() / 1000),
  };
  return JSON.stringify({
    entity: 'event',
    account_id: 'acc_test',
    event,
    contains: ['payment'],
    payload: { payment: { entity } },
    created_at: Math.floor(Date.now() / 1000),
  });
}

/**
 * A second payment Razorpay captured on a provider order that another payment paid already (a
 * late authorization, or a second Checkout tab), written into the simulated Razorpay's books: its
 * own Checkout refuses to take money for a paid order. Answers the payment's id.
 */
export async function lateCapturedPayment(
  paymentDb: Client,
  providerOrderId: string,
  amount: number,
): Promise<string> {
  const id = `pay_Late${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  await paymentDb.query(
    `INSERT INTO sandbox_payments (id, order_id, amount, currency, status, method, captured_at)
     VALUES ($1, $2, $3, 'INR', 'captured', 'upi', now())`,
    [id, providerOrderId, amount],
  );
  return id;
}

/**
 * Makes the simulated Razorpay refuse to refund a payment, as it refuses one it does not hold as
 * captured, until the answered function is called.
 */
export async function refuseRefunds(paymentDb: Client, paymentId: string): Promise<() => Promise<void>> {
  await paymentDb.query(`UPDATE sandbox_payments SET status = 'authorized' WHERE id = $1`, [paymentId]);
  return async () => {
    await paymentDb.query(`UPDATE sandbox_payments SET status = 'captured' WHERE id = $1`, [paymentId]);
  };
}

/** Opens the (simulated) Razorpay order for a shop order, as the payment screen does. Amount in paise. */
export async function createPaymentOrder(
  http: Http,
  orderId: string,
  token: string,
): Promise<{ id: string; amount: number }> {
  const res = await http.post('/payments/create-order', { orderId }, token);
  if (res.status !== 201) throw new Error(`create-order failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.order;
}

/** Pays a provider order in the simulated Checkout; answers what Checkout hands the browser. */
export async function sandboxPay(
  http: Http,
  providerOrderId: string,
): Promise<{ razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }> {
  const res = await http.post('/payments/sandbox/pay', {
    key: SANDBOX_KEYS.keyId,
    order_id: providerOrderId,
    outcome: 'success',
    method: 'card',
  });
  if (res.status !== 200) throw new Error(`sandbox pay failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/**
 * Pays an order through the simulated Razorpay, as the payment screen does: Razorpay's order,
 * Checkout's payment and the verify.
 */
export async function payOrder(http: Http, orderId: string, token: string): Promise<void> {
  const paid = await sandboxPay(http, (await createPaymentOrder(http, orderId, token)).id);
  const verified = await http.post('/payments/verify', { ...paid, orderId }, token);
  if (verified.status !== 200)
    throw new Error(`verify failed: ${verified.status} ${JSON.stringify(verified.body)}`);
}

/** Places an order and pays it, as the storefront does. Answers the order as placed. */
export async function placePaidOrder(
  http: Http,
  token: string,
  body: unknown,
): Promise<{ _id: string; totalAmount: number }> {
  const placed = await http.post('/orders', body, token);
  if (placed.status !== 201)
    throw new Error(`checkout failed: ${placed.status} ${JSON.stringify(placed.body)}`);
  await payOrder(http, placed.body.order._id, token);
  return placed.body.order;
}

/**
 * Keeps a service from handling any event (its consumers wait to record the event in the inbox)
 * until the answered function is called, as a consumer running late would; everything else the
 * service does, such as its sweeps, goes on.
 */
export async function holdEvents(
  backend: Backend,
  service: 'order' | 'payment',
): Promise<() => Promise<void>> {
  const hold = new Client({
    connectionString: databaseUrl(backend.env.DATABASE_URL, backend.databases[service]),
  });
  await hold.connect();
  await hold.query('BEGIN');
  await hold.query('LOCK TABLE inbox IN EXCLUSIVE MODE');
  return async () => {
    try {
      await hold.query('COMMIT');
    } finally {
      await hold.end();
    }
  };
}

/** The shop the refund tests run: catalog, order and payment, the databases they read, and the bus. */
export interface RefundShop {
  backend: Backend;
  http: Http;
  paymentDb: Client;
  orders: Client;
  bus: Bus;
  stop(): Promise<void>;
}

/**
 * Starts user, catalog, order and payment (and `also`) with the order expiry and refund sweeps every
 * second, and records `events` on the bus. `paymentEnv` adds to the payment service's environment.
 */
export async function startRefundShop(
  events: string[],
  paymentEnv: Record<string, string> = {},
  also: 'admin-reporting'[] = [],
): Promise<RefundShop> {
  const backend = await startBackend({
    services: ['user', 'catalog', 'order', 'payment', ...also],
    serviceEnv: {
      order: { ORDER_EXPIRY_SWEEP_SECONDS: '1' },
      payment: { RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET, PAYMENT_REFUND_SWEEP_SECONDS: '1', ...paymentEnv },
    },
  });
  const paymentDb = new Client({
    connectionString: databaseUrl(backend.env.DATABASE_URL, backend.databases.payment),
  });
  await paymentDb.connect();
  const orders = await orderDb(backend);
  const bus = await Bus.open(backend.namespace, events);
  return {
    backend,
    http: api(backend.url),
    paymentDb,
    orders,
    bus,
    async stop() {
      await bus.close();
      await orders.end();
      await paymentDb.end();
      await backend.stop();
    },
  };
}

/**
 * Tells the simulated Razorpay how to answer refunds of a payment: made at once (`processed`, its
 * default), left `pending` until settled, or accepted and then `failed`.
 */
export async function answerRefunds(
  paymentDb: Client,
  paymentId: string,
  outcome: 'processed' | 'pending' | 'failed',
): Promise<void> {
  await paymentDb.query(`UPDATE sandbox_payments SET refund_outcome = $2 WHERE id = $1`, [
    paymentId,
    outcome,
  ]);
}

/**
 * Ends a pending refund in the simulated Razorpay listening on `sandboxPort`, which then sends the
 * `refund.processed` or `refund.failed` webhook.
 */
export async function settleSandboxRefund(
  sandboxPort: number,
  refundId: string,
  status: 'processed' | 'failed',
): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${sandboxPort}/v1/sandbox/refunds/${refundId}/settle`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from(`${SANDBOX_KEYS.keyId}:${SANDBOX_KEYS.keySecret}`).toString('base64')}`,
    },
    body: JSON.stringify({ status }),
  });
  if (!res.ok) throw new Error(`settling ${refundId} failed: ${res.status} ${await res.text()}`);
}

/** Razorpay's `payment.captured` webhook for this payment of the provider order, delivered to the gateway. */
export async function deliverCaptured(
  baseUrl: string,
  providerOrder: { id: string; amount: number },
  paymentId: string,
): Promise<{ status: number; body: any }> {
  return deliverWebhook(
    baseUrl,
    webhookBody('payment.captured', {
      id: paymentId,
      orderId: providerOrder.id,
      amount: providerOrder.amount,
    }),
  );
}

export { freePort };
