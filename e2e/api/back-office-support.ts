import {
  addDays,
  brokerNames,
  EventEnvelope,
  EVENTS,
  istDay,
  istDayStart,
  OrderCancelledEvent,
  OrderPaidEvent,
  OrderPlacedEvent,
  OrderStatus,
  OrderStatusChangedEvent,
  ProductUpsertedEvent,
  TOKEN_AUDIENCE,
  TOKEN_ISSUER,
  UserRegisteredEvent,
} from '@shop/proto';
import { Channel, ChannelModel, connect } from 'amqplib';
import * as jwt from 'jsonwebtoken';
import { randomUUID } from 'node:crypto';
import { amqpUrl } from '../harness/broker';
import { TEST_JWT_SECRET } from '../harness/backend';

/** What the back-office API tests share: tokens, events published as the owning services would, and waiting. */

export const adminToken = (adminId: string = randomUUID()) =>
  jwt.sign({ sub: adminId, role: 'admin', sid: randomUUID() }, TEST_JWT_SECRET, { audience: TOKEN_AUDIENCE.admin, issuer: TOKEN_ISSUER, expiresIn: '1h' });

export const customerToken = (userId: string = randomUUID()) =>
  jwt.sign({ sub: userId, role: 'customer', sid: randomUUID() }, TEST_JWT_SECRET, { audience: TOKEN_AUDIENCE.customer, issuer: TOKEN_ISSUER, expiresIn: '1h' });

export async function eventually<T>(probe: () => Promise<T>, ok: (value: T) => boolean, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}: last saw ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const HOUR = 3_600_000;

/** Noon (IST) of the day `days` before today: always in the past, and on that IST day. */
export const daysAgo = (days: number, now = new Date()) => new Date(istDayStart(addDays(istDay(now), -days)).getTime() + 12 * HOUR);

/** Publishes events to the test namespace's exchange exactly as a service's outbox relay does. */
export class EventBus {
  private constructor(
    private readonly conn: ChannelModel,
    private readonly channel: Channel,
    private readonly exchange: string,
  ) {}

  static async open(namespace: string): Promise<EventBus> {
    const conn = await connect(amqpUrl());
    const channel = await conn.createChannel();
    const exchange = brokerNames(namespace).eventsExchange;
    await channel.assertExchange(exchange, 'topic', { durable: true });
    return new EventBus(conn, channel, exchange);
  }

  /** Returns the envelope, so a test can deliver the very same event again. */
  publish<T>(type: string, data: T, occurredAt: Date = new Date(), id: string = randomUUID()): EventEnvelope<T> {
    const envelope: EventEnvelope<T> = { id, type, occurredAt: occurredAt.toISOString(), version: 1, data };
    this.redeliver(envelope);
    return envelope;
  }

  redeliver(envelope: EventEnvelope): void {
    this.channel.publish(this.exchange, envelope.type, Buffer.from(JSON.stringify(envelope)), {
      persistent: true,
      messageId: envelope.id,
      contentType: 'application/json',
    });
  }

  async close(): Promise<void> {
    await this.channel.close().catch(() => undefined);
    await this.conn.close().catch(() => undefined);
  }

  // What the owning services publish, with what a test needs to say.

  product(p: { id?: string; name: string; category: string; price: number; stock: number; lowStockThreshold?: number | null; createdAt: Date; version?: number }) {
    const productId = p.id ?? randomUUID();
    const event: ProductUpsertedEvent = {
      productId,
      version: p.version ?? 1,
      name: p.name,
      brand: 'ms',
      category: p.category,
      pricePaise: Math.round(p.price * 100),
      image: null,
      stock: p.stock,
      isCustomizable: false,
      allowsImageUpload: false,
      availableSizes: [],
      customizationOptions: [],
      deleted: false,
      updatedAt: p.createdAt.toISOString(),
      lowStockThreshold: p.lowStockThreshold ?? null,
      createdAt: p.createdAt.toISOString(),
    };
    this.publish(EVENTS.productUpserted, event, p.createdAt);
    return productId;
  }

  customer(c: { id?: string; username: string; email?: string; phone?: string | null; companyName?: string | null; city?: string | null; registeredAt: Date }) {
    const userId = c.id ?? randomUUID();
    const event: UserRegisteredEvent = {
      userId,
      username: c.username,
      email: c.email ?? `${c.username}@example.com`,
      phone: c.phone ?? null,
      createdAt: c.registeredAt.toISOString(),
      companyName: c.companyName ?? null,
      city: c.city ?? null,
    };
    this.publish(EVENTS.userRegistered, event, c.registeredAt);
    return userId;
  }

  /**
   * An order's events as the order service would publish them: placed, then (as asked) paid, moved
   * along the progression, cancelled by staff or expired. Money in rupees, lines `[productId, quantity, unit price]`.
   */
  order(o: {
    id?: string;
    userId: string;
    at: Date;
    lines: [string, number, number][];
    paid?: boolean;
    statuses?: OrderStatus[];
    cancel?: 'staff' | 'expired';
    paidFirst?: boolean;
    /** Delivers every event of the order twice, as a broker may. */
    duplicate?: boolean;
  }): { orderId: string; total: number } {
    const sent: EventEnvelope[] = [];
    const publish = <T>(type: string, data: T, at: Date) => sent.push(this.publish(type, data, at));
    const orderId = o.id ?? randomUUID();
    const lines = o.lines.map(([productId, quantity, price]) => ({ productId, quantity, unitPricePaise: Math.round(price * 100), name: `Line of ${productId.slice(0, 8)}` }));
    const totalPaise = lines.reduce((sum, l) => sum + l.quantity * l.unitPricePaise, 0);
    const placed: OrderPlacedEvent = {
      orderId,
      userId: o.userId,
      totalPaise,
      subtotalPaise: totalPaise,
      discountPaise: 0,
      shippingPaise: 0,
      taxPaise: 0,
      coupon: null,
      currency: 'INR',
      lines,
      expiresAt: new Date(o.at.getTime() + HOUR).toISOString(),
      createdAt: o.at.toISOString(),
    };
    const paidAt = new Date(o.at.getTime() + 60_000);
    const paid: OrderPaidEvent = { orderId, userId: o.userId, totalPaise, lines, paymentId: `pay_${orderId.slice(0, 8)}`, paidAt: paidAt.toISOString() };
    if (o.paid && o.paidFirst) publish(EVENTS.orderPaid, paid, paidAt);
    publish(EVENTS.orderPlaced, placed, o.at);
    if (o.paid && !o.paidFirst) publish(EVENTS.orderPaid, paid, paidAt);
    let from: OrderStatus = 'Pending';
    let step = 2;
    for (const to of o.statuses ?? []) {
      const at = new Date(o.at.getTime() + step++ * 60_000);
      const changed: OrderStatusChangedEvent = { orderId, userId: o.userId, from, to, at: at.toISOString(), trackingNumber: null };
      publish(EVENTS.orderStatusChanged, changed, at);
      from = to;
    }
    if (o.cancel) {
      const at = new Date(o.at.getTime() + step * 60_000);
      publish<OrderStatusChangedEvent>(EVENTS.orderStatusChanged, { orderId, userId: o.userId, from, to: 'Cancelled', at: at.toISOString(), trackingNumber: null }, at);
      const cancelled: OrderCancelledEvent = { orderId, userId: o.userId, lines, reason: o.cancel, paid: !!o.paid, cancelledAt: at.toISOString() };
      publish(o.cancel === 'expired' ? EVENTS.orderExpired : EVENTS.orderCancelled, cancelled, at);
    }
    if (o.duplicate) sent.forEach((envelope) => this.redeliver(envelope));
    return { orderId, total: totalPaise / 100 };
  }
}
