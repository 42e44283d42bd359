import { INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { brokerNames, EventEnvelope, EVENTS, OrderEventLine, OrderStatus } from '@shop/proto';
import { Channel, ChannelModel, connect } from 'amqplib';
import { randomBytes, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { deleteNamespace } from '../../../e2e/harness/broker';
import { dropDatabase, KitModule } from '../../kit/src';
import { REPORTING_MIGRATIONS } from '../src/app.module';
import { recomputeAggregates } from '../src/orders/order-aggregates';
import { contribution, emptyOrder, onCancelled, onPaid, onPlaced, onStatusChanged, OrderState } from '../src/orders/order-state';
import { OrdersModule } from '../src/orders/orders.module';

jest.setTimeout(120_000);

const namespace = `t${randomBytes(4).toString('hex')}`;
const database = `${namespace}_admin_reporting`;

/** A small seeded generator: the same shuffled history on every run. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface History {
  events: EventEnvelope[];
  expected: Map<string, OrderState>;
  lines: Map<string, OrderEventLine[]>;
}

/** Orders with every kind of history: unpaid, paid, moved along, cancelled by staff, expired. */
function histories(count: number, random: () => number): History {
  const users = [randomUUID(), randomUUID(), randomUUID()];
  const products = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const events: EventEnvelope[] = [];
  const expected = new Map<string, OrderState>();
  const allLines = new Map<string, OrderEventLine[]>();
  const start = Date.UTC(2025, 4, 28, 12);
  for (let i = 0; i < count; i++) {
    const orderId = randomUUID();
    const userId = users[Math.floor(random() * users.length)];
    const createdAt = new Date(start + Math.floor(random() * 6 * 86_400_000));
    const lines: OrderEventLine[] = products
      .filter(() => random() < 0.5)
      .map((productId) => ({ productId, name: `P ${productId.slice(0, 4)}`, quantity: 1 + Math.floor(random() * 5), unitPricePaise: 100 * (1 + Math.floor(random() * 900)) }));
    if (lines.length === 0) lines.push({ productId: products[0], name: 'P0', quantity: 1, unitPricePaise: 5000 });
    const totalPaise = lines.reduce((s, l) => s + l.quantity * l.unitPricePaise, 0);
    allLines.set(orderId, lines);
    const at = (minutes: number) => new Date(createdAt.getTime() + minutes * 60_000);
    const event = <T>(type: string, data: T, when: Date): EventEnvelope<T> => ({ id: randomUUID(), type, occurredAt: when.toISOString(), version: 1, data });
    let state = emptyOrder(orderId, userId, createdAt);
    const push = <T>(e: EventEnvelope<T>, next: (s: OrderState) => OrderState) => {
      events.push(e);
      state = next(state);
    };
    const placed = { orderId, userId, totalPaise, subtotalPaise: totalPaise, discountPaise: 0, shippingPaise: 0, taxPaise: 0, coupon: null, currency: 'INR' as const, lines, expiresAt: at(30).toISOString(), createdAt: createdAt.toISOString() };
    push(event(EVENTS.orderPlaced, placed, createdAt), (s) => onPlaced(s, placed, createdAt));
    const fate = random();
    if (fate < 0.2) {
      const cancelled = { orderId, userId, lines, reason: 'expired', paid: false, cancelledAt: at(30).toISOString() };
      push(event(EVENTS.orderStatusChanged, { orderId, userId, from: 'Pending', to: 'Cancelled', at: at(30).toISOString(), trackingNumber: null }, at(30)), (s) => onStatusChanged(s, { orderId, userId, from: 'Pending', to: 'Cancelled', at: at(30).toISOString(), trackingNumber: null }, at(30)));
      push(event(EVENTS.orderExpired, cancelled, at(30)), (s) => onCancelled(s, cancelled, true, at(30)));
    } else if (fate < 0.9) {
      const paid = { orderId, userId, totalPaise, lines, paymentId: `pay_${i}`, paidAt: at(1).toISOString() };
      push(event(EVENTS.orderPaid, paid, at(1)), (s) => onPaid(s, paid, at(1)));
      const path: OrderStatus[] = ['Processing', 'Shipped', 'Delivered'].slice(0, Math.floor(random() * 4)) as OrderStatus[];
      let from: OrderStatus = 'Pending';
      path.forEach((to, step) => {
        const changed = { orderId, userId, from, to, at: at(10 + step).toISOString(), trackingNumber: null };
        push(event(EVENTS.orderStatusChanged, changed, at(10 + step)), (s) => onStatusChanged(s, changed, at(10 + step)));
        from = to;
      });
      if (from !== 'Shipped' && from !== 'Delivered' && random() < 0.3) {
        const cancelled = { orderId, userId, lines, reason: 'staff', paid: true, cancelledAt: at(20).toISOString() };
        const changed = { orderId, userId, from, to: 'Cancelled' as const, at: at(20).toISOString(), trackingNumber: null };
        push(event(EVENTS.orderStatusChanged, changed, at(20)), (s) => onStatusChanged(s, changed, at(20)));
        push(event(EVENTS.orderCancelled, cancelled, at(20)), (s) => onCancelled(s, cancelled, false, at(20)));
      }
    }
    expected.set(orderId, state);
  }
  return { events, expected, lines: allLines };
}

const aggregates = async (ds: DataSource) => ({
  daily: await ds.query(`SELECT day::text, orders, sales, revenue_paise::bigint::text AS revenue, pending, delivered, cancelled FROM daily_sales WHERE orders <> 0 ORDER BY day`),
  products: await ds.query(`SELECT product_id, quantity::text, revenue_paise::text AS revenue FROM product_sales WHERE quantity <> 0 ORDER BY product_id`),
  customers: await ds.query(`SELECT user_id, orders_count, spent_paise::text AS spent, last_order_at FROM customer_stats ORDER BY user_id`),
});

describe('orders read model', () => {
  let app: INestApplicationContext;
  let ds: DataSource;
  let conn: ChannelModel;
  let channel: Channel;

  beforeAll(async () => {
    @Module({
      imports: [
        KitModule.forService({
          service: 'admin-reporting',
          entities: [],
          migrations: REPORTING_MIGRATIONS,
          env: {
            DATABASE_URL: process.env.DATABASE_URL,
            AMQP_URL: process.env.AMQP_URL,
            DATABASE_NAME: database,
            BUS_NAMESPACE: namespace,
            HEALTH_PORT: '0',
            LOG_LEVEL: 'silent',
          },
        }),
        OrdersModule,
      ],
    })
    class ProjectionTestModule {}
    app = await NestFactory.createApplicationContext(ProjectionTestModule, { logger: false });
    await app.init();
    ds = app.get(DataSource);
    conn = await connect(process.env.AMQP_URL!);
    channel = await conn.createChannel();
  });

  afterAll(async () => {
    await channel?.close().catch(() => undefined);
    await conn?.close().catch(() => undefined);
    await app?.close();
    await dropDatabase(process.env.DATABASE_URL!, database);
    await deleteNamespace(namespace, ['admin-reporting']);
  });

  it('ends in the same state and the same aggregates whatever order the events arrive in, however often', async () => {
    const random = prng(20250610);
    const { events, expected, lines } = histories(120, random);
    const shuffled = [...events];
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
    }
    const redelivered = shuffled.filter(() => random() < 0.15);
    const exchange = brokerNames(namespace).eventsExchange;
    for (const e of [...shuffled, ...redelivered]) channel.publish(exchange, e.type, Buffer.from(JSON.stringify(e)), { persistent: true });

    const deadline = Date.now() + 60_000;
    while ((await ds.query(`SELECT count(*)::int AS n FROM inbox`))[0].n < events.length) {
      if (Date.now() > deadline) throw new Error('events not all handled');
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, 300));

    const rows: { order_id: string; created_at: Date; status: string; payment_status: string; total_paise: string; is_sale: boolean }[] =
      await ds.query(`SELECT order_id, created_at, status, payment_status, total_paise, is_sale FROM orders`);
    expect(rows).toHaveLength(expected.size);
    for (const row of rows) {
      const want = expected.get(row.order_id)!;
      expect({ status: row.status, payment: row.payment_status, total: Number(row.total_paise), created: row.created_at.toISOString() }).toEqual({
        status: want.status,
        payment: want.paymentStatus,
        total: want.totalPaise,
        created: want.createdAt!.toISOString(),
      });
    }

    const incremental = await aggregates(ds);
    let revenue = 0;
    for (const [orderId, state] of expected) revenue += contribution(state, lines.get(orderId)!).daily!.revenuePaise;
    expect(incremental.daily.reduce((s: number, d: { revenue: string }) => s + Number(d.revenue), 0)).toBe(revenue);

    await ds.transaction((m) => recomputeAggregates(m));
    expect(await aggregates(ds)).toEqual(incremental);
  });
});
