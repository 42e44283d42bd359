import { Inject, Injectable } from '@nestjs/common';
import { RpcError, RpcReplies, SERVICE_CONFIG } from '@shop/kit';
import {
  Actor,
  asShopperSees,
  canonicalJson,
  CASH_ON_DELIVERY,
  CustomerOrderStats,
  ORDER_CURRENCY,
  ORDER_MESSAGES,
  OrderCreateInput,
  OrderCreateReply,
  OrderPayableView,
  OrderQuoteInput,
  OrderQuoteView,
  orderTotals,
  OrderView,
  RECENT_ORDERS_LIMIT,
  SettingsUpdatedEvent,
  toRupees,
} from '@shop/proto';
import { createHash, randomUUID } from 'node:crypto';
import { DataSource, EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import type { OrderConfig } from '../config/order-config';
import { CouponsService } from '../coupons/coupons.service';
import { CustomerEntity } from '../customers/customer.entity';
import { CustomerVerificationService } from '../customers/customer-verification.service';
import { SettingsService } from '../settings/settings.service';
import { codRefusal, isCashOnDelivery } from './cash-on-delivery';
import { CheckoutFiles } from './checkout-files';
import { CheckoutPricing, PricedLines } from './checkout-pricing';
import { IdempotencyKeyEntity } from './idempotency-key.entity';
import { OrderLineEntity } from './order-line.entity';
import { OrderReservations } from './order-reservations';
import { OrderStatusHistoryEntity } from './order-status-history.entity';
import { toLineView, toOrderView } from './order-view';
import { OrderViews } from './order-views';
import { OrderEntity } from './order.entity';

/** What placing an order wrote: the reply to the checkout is made from it, without reading it back. */
interface Written {
  order: OrderEntity;
  lines: OrderLineEntity[];
  history: OrderStatusHistoryEntity;
}

/**
 * Writes an order with its lines and first status in one statement: $1 the order's row and $2 its
 * lines' rows (JSON, by column name), then the Idempotency-Key ($3 user, $4 key or null, $5 request
 * hash). A key older than its lifetime ($6 seconds) is free to be used again; one another request
 * holds leaves nothing written (`placed` false).
 */
const PLACE_SQL = `
  WITH claimed AS (
    INSERT INTO idempotency_keys (user_id, key, request_hash, order_id)
    SELECT $3, $4::text, $5, ($1::jsonb ->> 'id')::uuid WHERE $4::text IS NOT NULL
    ON CONFLICT (user_id, key) DO UPDATE
      SET request_hash = EXCLUDED.request_hash, order_id = EXCLUDED.order_id, created_at = now()
      WHERE idempotency_keys.created_at <= now() - make_interval(secs => $6)
    RETURNING order_id
  ), placed AS (
    INSERT INTO orders SELECT o.* FROM jsonb_populate_record(NULL::orders, $1::jsonb) o
    WHERE $4::text IS NULL OR EXISTS (SELECT FROM claimed)
    RETURNING id, created_at
  ), lines AS (
    INSERT INTO order_lines SELECT l.* FROM jsonb_populate_recordset(NULL::order_lines, $2::jsonb) l
    WHERE EXISTS (SELECT FROM placed)
  ), history AS (
    INSERT INTO order_status_history (order_id, status, at) SELECT id, 'Pending', created_at FROM placed RETURNING id
  )
  SELECT EXISTS (SELECT FROM placed) AS placed, (SELECT id FROM history) AS history_id`;

/** An entity as its table's row, keyed by column name, with the columns' transformers applied. */
function rowOf<T extends ObjectLiteral>(
  m: EntityManager,
  target: EntityTarget<T>,
  entity: T,
): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const column of m.connection.getMetadata(target).columns)
    row[column.databaseName] = column.getEntityValue(entity, true);
  return row;
}

/** An Idempotency-Key claimed within its lifetime: what it was used for. */
type KeyClaim = Pick<IdempotencyKeyEntity, 'requestHash' | 'orderId'>;

/** Thrown by a write that would have claimed a key another request claimed first. */
class KeyAlreadyClaimed extends Error {}

/** What decides cash on delivery, as the settings stood when the checkout began. */
type CodRules = Pick<SettingsUpdatedEvent, 'codEnabled' | 'codLimit'>;

/** A checkout the shop will not take as cash on delivery: the shopper can still pay online. */
const codRefused = (message: string) =>
  RpcError.conflict(message, [{ field: 'paymentDetails.paymentMethod', message }]);

/** A digest of what a checkout asks for; the prices a client sends are not part of it, as they are ignored. */
export function requestHash(input: OrderCreateInput): string {
  return createHash('sha256').update(canonicalJson(input)).digest('hex');
}

/** Placing orders and reading them back, as the customer who owns them. */
@Injectable()
export class OrdersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly pricing: CheckoutPricing,
    private readonly files: CheckoutFiles,
    private readonly coupons: CouponsService,
    private readonly reservations: OrderReservations,
    private readonly views: OrderViews,
    private readonly replies: RpcReplies,
    private readonly settings: SettingsService,
    private readonly verification: CustomerVerificationService,
    @Inject(SERVICE_CONFIG) private readonly config: OrderConfig,
  ) {}

  /**
   * Places an order: prices it, writes it with its stock not yet reserved, then reserves. With an
   * Idempotency-Key, a retried submit gets the order the first one placed (finishing it if the
   * first stopped half way), and the same key with a different request is refused. While the shop
   * requires verified e-mail addresses, a customer without one places nothing
   * (CustomerVerificationService). Cash on delivery is taken while the settings allow it and up to
   * their limit; such an order is placed the same way, with no payment window (it is paid at the
   * door and never expires). The reply shows the order as its shopper reads it.
   */
  async create(
    userId: string,
    input: OrderCreateInput,
    idempotencyKey: string | null,
  ): Promise<OrderCreateReply> {
    const reply = await this.place(userId, input, idempotencyKey);
    return { ...reply, order: asShopperSees(reply.order) };
  }

  private async place(
    userId: string,
    input: OrderCreateInput,
    idempotencyKey: string | null,
  ): Promise<OrderCreateReply> {
    const hash = requestHash(input);
    // The customer, for the reply (built from what this call writes), is read with the key's claim.
    const { claim, customer } = await this.claimAndCustomer(userId, idempotencyKey);
    if (claim) {
      const earlier = await this.replayClaim(claim, hash);
      if (earlier) return earlier;
    }
    await this.verification.assertMayOrder(userId, customer);
    const cod = isCashOnDelivery(input.paymentDetails.paymentMethod) ? await this.settings.current() : null;
    if (cod && !cod.codEnabled) throw codRefused(ORDER_MESSAGES.codUnavailable);
    const priced = await this.files
      .resolve(userId, input.products)
      .then((products) => this.pricing.price(products, { checkStock: true }));
    let written: Written;
    try {
      // Without a coupon the order is written in one statement, which needs no transaction of its own.
      written = input.coupon
        ? await this.dataSource.transaction((m) =>
            this.write(m, userId, input, priced, cod, idempotencyKey, hash),
          )
        : await this.write(this.dataSource.manager, userId, input, priced, cod, idempotencyKey, hash);
    } catch (err) {
      if (!(err instanceof KeyAlreadyClaimed)) throw err;
      // A concurrent submit with the same key placed it; if that one found no stock, neither does this.
      const concurrent = await this.replay(userId, idempotencyKey!, hash);
      if (!concurrent) throw RpcError.conflict(ORDER_MESSAGES.notPlaced);
      return concurrent;
    }
    const { order, lines, history } = written;
    let reply: OrderCreateReply | undefined;
    const placedReply = (placedAt: Date): OrderCreateReply => {
      const placed = { ...order, reservation: 'reserved' as const, updatedAt: placedAt };
      return (reply = { order: toOrderView(placed, lines, [history], customer, []), replayed: false });
    };
    // A reply kept for a redelivery is stored in the transaction that places the order, not by a
    // statement after it; a checkout under its own Idempotency-Key keeps none, and is placed by one
    // statement with no transaction.
    const placedAt = await this.reservations.reserve(
      order,
      lines,
      this.replies.storesReply ? (m, at) => this.replies.recordIn(m, placedReply(at)) : undefined,
    );
    if (placedAt) return reply ?? placedReply(placedAt);
    return { order: (await this.views.one(order.id))!.view, replayed: false };
  }

  async quote(userId: string, input: OrderQuoteInput): Promise<OrderQuoteView> {
    const products = await this.files.resolve(userId, input.products);
    const priced = await this.pricing.price(products, { checkStock: false });
    const coupon = input.coupon
      ? await this.coupons.validate(input.coupon, priced.subtotalPaise, input.context, userId)
      : null;
    const totals = orderTotals(
      priced.subtotalPaise,
      coupon?.percent ?? 0,
      priced.rules,
      input.shippingMethod,
    );
    return {
      products: priced.lines.map(toLineView),
      subtotal: toRupees(totals.subtotalPaise),
      discountAmount: toRupees(totals.discountPaise),
      coupon: coupon?.code ?? null,
      couponPercent: coupon?.percent ?? 0,
      shipping: toRupees(totals.shippingPaise),
      tax: toRupees(totals.taxPaise),
      taxRate: priced.rules.taxRatePercent,
      totalAmount: toRupees(totals.totalPaise),
      freeShippingThreshold: toRupees(priced.rules.freeShippingThresholdPaise),
      shippingMethod: input.shippingMethod,
    };
  }

  async listMine(userId: string): Promise<OrderView[]> {
    const orders = await this.dataSource.manager.find(OrderEntity, {
      where: { userId, reservation: 'reserved' },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
    return (await this.views.of(orders)).map(asShopperSees);
  }

  /**
   * A customer sees only their own orders, with the shopper's status; staff, and another service
   * (no actor), see any as it is.
   */
  async get(actor: Actor | null, id: string): Promise<OrderView> {
    const found = await this.views.one(id);
    if (!found) throw RpcError.notFound(ORDER_MESSAGES.orderNotFound);
    if (actor?.role === 'customer' && found.entity.userId !== actor.userId)
      throw RpcError.forbidden(ORDER_MESSAGES.forbidden);
    return actor?.role === 'customer' ? asShopperSees(found.view) : found.view;
  }

  async payable(actor: Actor | null, id: string): Promise<OrderPayableView> {
    // Asked by the payment service whenever a shopper is faster than order.placed: plain SQL.
    const [order]: Pick<
      OrderEntity,
      'id' | 'userId' | 'totalPaise' | 'currency' | 'status' | 'paymentStatus' | 'paymentMethod' | 'expiresAt'
    >[] = await this.dataSource.query(
      `SELECT id, user_id AS "userId", total_paise::float8 AS "totalPaise", currency, status,
              payment_status AS "paymentStatus", payment_method AS "paymentMethod", expires_at AS "expiresAt"
       FROM orders WHERE id = $1 AND reservation = 'reserved'`,
      [id],
    );
    if (!order) throw RpcError.notFound(ORDER_MESSAGES.orderNotFound);
    if (actor?.role === 'customer' && order.userId !== actor.userId)
      throw RpcError.forbidden(ORDER_MESSAGES.forbidden);
    return {
      orderId: order.id,
      userId: order.userId,
      amountPaise: order.totalPaise,
      currency: order.currency,
      orderStatus: order.status,
      paymentStatus: order.paymentStatus,
      // Cash on delivery is paid at the door, never online.
      payable:
        order.paymentMethod !== CASH_ON_DELIVERY &&
        order.status !== 'Cancelled' &&
        (order.paymentStatus === 'pending' || order.paymentStatus === 'failed'),
      expiresAt: order.expiresAt?.toISOString() ?? null,
      paymentMethod: order.paymentMethod,
    };
  }

  /** The account overview's figures. Total spent counts paid orders that were not cancelled. */
  async customerStats(userId: string): Promise<CustomerOrderStats> {
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS total,
              coalesce(sum(total_paise) FILTER (WHERE payment_status = 'paid' AND status <> 'Cancelled'), 0)::bigint AS spent,
              count(*) FILTER (WHERE status = 'Delivered')::int AS delivered
       FROM orders WHERE user_id = $1 AND reservation = 'reserved'`,
      [userId],
    );
    const recent = await this.dataSource.manager.find(OrderEntity, {
      where: { userId, reservation: 'reserved' },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: RECENT_ORDERS_LIMIT,
    });
    return {
      totalOrders: row.total,
      totalSpent: toRupees(Number(row.spent)),
      deliveredOrders: row.delivered,
      recentOrders: await this.views.of(recent),
    };
  }

  /** One statement for what every checkout reads first: the Idempotency-Key's live claim, if any, and the customer. */
  private async claimAndCustomer(
    userId: string,
    key: string | null,
  ): Promise<{ claim: KeyClaim | null; customer: CustomerEntity | null }> {
    const [row]: (Partial<KeyClaim> & Partial<CustomerEntity>)[] = await this.dataSource.query(
      `SELECT c.request_hash AS "requestHash", c.order_id AS "orderId",
              u.user_id AS "userId", u.username, u.email, u.name, u.email_verified AS "emailVerified",
              u.updated_at AS "updatedAt"
       FROM (SELECT) one
       LEFT JOIN idempotency_keys c
         ON c.user_id = $1 AND c.key = $2 AND c.created_at > now() - make_interval(secs => $3)
       LEFT JOIN customers u ON u.user_id = $1`,
      [userId, key, this.config.IDEMPOTENCY_KEY_TTL_HOURS * 3600],
    );
    const { requestHash, orderId, ...customer } = row;
    return {
      claim: requestHash && orderId ? { requestHash, orderId } : null,
      customer: customer.userId ? (customer as CustomerEntity) : null,
    };
  }

  private async replay(userId: string, key: string, hash: string): Promise<OrderCreateReply | null> {
    const { claim } = await this.claimAndCustomer(userId, key);
    return claim ? this.replayClaim(claim, hash) : null;
  }

  private async replayClaim(claim: KeyClaim, hash: string): Promise<OrderCreateReply | null> {
    const m = this.dataSource.manager;
    if (claim.requestHash !== hash) throw RpcError.conflict(ORDER_MESSAGES.idempotencyKeyReused);
    const order = await m.findOneBy(OrderEntity, { id: claim.orderId });
    if (!order) return null;
    if (order.reservation === 'pending') {
      await this.reservations.reserve(order, await m.find(OrderLineEntity, { where: { orderId: order.id } }));
    }
    return { order: (await this.views.one(order.id))!.view, replayed: true };
  }

  private async write(
    m: EntityManager,
    userId: string,
    input: OrderCreateInput,
    priced: PricedLines,
    cod: CodRules | null,
    key: string | null,
    hash: string,
  ): Promise<Written> {
    const coupon = input.coupon ? await this.coupons.claim(m, input.coupon, userId) : null;
    const totals = orderTotals(
      priced.subtotalPaise,
      coupon?.percent ?? 0,
      priced.rules,
      input.shippingMethod,
    );
    // Refused before anything is written; a coupon claimed above is rolled back with the transaction.
    const refusal = cod && codRefusal(cod, totals.totalPaise);
    if (refusal) throw codRefused(refusal);
    const now = new Date();
    const order = m.create(OrderEntity, {
      id: randomUUID(),
      userId,
      status: 'Pending',
      reservation: 'pending',
      paymentStatus: 'pending',
      paymentMethod: cod ? CASH_ON_DELIVERY : input.paymentDetails.paymentMethod,
      razorpayOrderId: null,
      paymentId: null,
      paidAt: null,
      currency: ORDER_CURRENCY,
      ...totals,
      taxRate: priced.rules.taxRatePercent,
      couponCode: coupon?.code ?? null,
      couponPercent: coupon?.percent ?? 0,
      shippingAddress: input.shippingAddress,
      shippingMethod: input.shippingMethod,
      buyerGstin: input.gstin,
      buyerCompany: input.gstin ? input.companyName : null,
      trackingNumber: null,
      cancelReason: null,
      expiresAt: cod ? null : new Date(now.getTime() + this.config.ORDER_PAYMENT_TTL_MINUTES * 60_000),
      createdAt: now,
      updatedAt: now,
    });
    const lines = priced.lines.map((line, position) =>
      m.create(OrderLineEntity, {
        orderId: order.id,
        position,
        ...line,
        customization: line.customization ?? {},
      }),
    );
    const [written]: { placed: boolean; history_id: string }[] = await m.query(PLACE_SQL, [
      JSON.stringify(rowOf(m, OrderEntity, order)),
      JSON.stringify(lines.map((line) => rowOf(m, OrderLineEntity, line))),
      userId,
      key,
      hash,
      this.config.IDEMPOTENCY_KEY_TTL_HOURS * 3600,
    ]);
    if (!written.placed) throw new KeyAlreadyClaimed();
    const history = m.create(OrderStatusHistoryEntity, {
      id: written.history_id,
      orderId: order.id,
      status: 'Pending',
      at: now,
    });
    if (coupon) await this.coupons.redeem(m, coupon.code, userId, order.id);
    return { order, lines, history };
  }
}
