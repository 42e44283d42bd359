import { Inject, Injectable, Logger } from '@nestjs/common';
import { EventPublisher, RpcClient, RpcError, SERVICE_CONFIG } from '@shop/kit';
import {
  EVENTS,
  ORDER_MESSAGES,
  OrderCancelledEvent,
  OrderPlacedEvent,
  RPC,
  StockReserveReply,
} from '@shop/proto';
import { DataSource, EntityManager } from 'typeorm';
import { changedRows } from '../common/sql';
import type { OrderConfig } from '../config/order-config';
import { unitsByProduct } from './checkout-pricing';
import { eventLines } from './order-events';
import { OrderLineEntity } from './order-line.entity';
import { OrderEntity } from './order.entity';

/** The catalog's answer to "reserve this order's stock": yes, or a final no with its reason. */
export type ReserveAnswer = { ok: true } | { ok: false; error: RpcError };

/**
 * What became of an order row after the catalog answered: `placed` (this call made it an order),
 * `already-placed` (another call for the same order did), `abandoned` (no stock: the row is gone),
 * or `orphaned` (the row was abandoned meanwhile, so the stock just reserved is handed back).
 */
export type Settlement = 'placed' | 'already-placed' | 'abandoned' | 'orphaned';

/** A refusal the catalog would give again: asking once more cannot turn it into a reservation. */
const FINAL_REFUSALS = new Set([400, 404, 409, 422]);

/**
 * Turns an order row into an order by reserving its stock. The row is written first (reservation
 * pending) and becomes visible only once the catalog has said yes, so no crash can leave stock held
 * for an order that does not exist, nor an order that believes it holds stock it lacks: a row left
 * pending by a crash is settled by asking the catalog again (reserving is idempotent per order id).
 */
@Injectable()
export class OrderReservations {
  private readonly logger = new Logger(OrderReservations.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly rpc: RpcClient,
    private readonly events: EventPublisher,
    @Inject(SERVICE_CONFIG) private readonly config: OrderConfig,
  ) {}

  /**
   * Reserves for a checkout in progress, or throws the catalog's reason for no. Answers when this
   * call placed the order (its `updated_at`), or null when another call had placed it already.
   * `onPlaced` runs last in the transaction that places it; without it, placing is one statement in
   * no transaction.
   */
  async reserve(
    order: OrderEntity,
    lines: OrderLineEntity[],
    onPlaced?: (m: EntityManager, placedAt: Date) => Promise<void>,
  ): Promise<Date | null> {
    const answer = await this.ask(order.id, lines);
    const settled = onPlaced
      ? await this.dataSource.transaction((m) => this.settle(m, order, lines, answer, onPlaced))
      : await this.settle(this.dataSource.manager, order, lines, answer);
    if (settled.settlement === 'abandoned' && !answer.ok) throw answer.error;
    if (settled.settlement === 'orphaned') throw RpcError.conflict(ORDER_MESSAGES.notPlaced);
    return settled.placedAt ?? null;
  }

  /**
   * Settles the oldest order row whose checkout stopped before the catalog's answer was recorded.
   * The row stays locked while the catalog is asked, so replicas never settle the same row twice.
   * False when there is none left to settle.
   */
  async recoverOne(): Promise<boolean> {
    return this.dataSource.transaction(async (m) => {
      const [order] = await m
        .createQueryBuilder(OrderEntity, 'o')
        .where(`o.reservation = 'pending' AND o.created_at < now() - make_interval(secs => :age)`, {
          age: this.config.ORDER_RESERVATION_RECOVERY_SECONDS,
        })
        .orderBy('o.created_at')
        .limit(1)
        .setLock('pessimistic_write')
        .setOnLocked('skip_locked')
        .getMany();
      if (!order) return false;
      const lines = await m.find(OrderLineEntity, { where: { orderId: order.id } });
      const { settlement } = await this.settle(m, order, lines, await this.ask(order.id, lines));
      this.logger.warn(`order ${order.id} left mid-checkout was settled: ${settlement}`);
      return true;
    });
  }

  /** Transient failures (catalog down, timeout) are thrown: the row stays pending for a later try. */
  private async ask(orderId: string, lines: readonly OrderLineEntity[]): Promise<ReserveAnswer> {
    try {
      const reply = await this.rpc.call<StockReserveReply>(RPC.catalog.stockReserve, {
        orderId,
        lines: unitsByProduct(lines),
      });
      return reply.status === 'released'
        ? { ok: false, error: RpcError.conflict(ORDER_MESSAGES.notPlaced) }
        : { ok: true };
    } catch (err) {
      if (!(err instanceof RpcError) || !FINAL_REFUSALS.has(err.payload.status)) throw err;
      // A product gone since it was priced is a conflict with the cart, not a missing page.
      return { ok: false, error: err.payload.status === 404 ? RpcError.conflict(err.payload.message) : err };
    }
  }

  private async settle(
    m: EntityManager,
    order: OrderEntity,
    lines: OrderLineEntity[],
    answer: ReserveAnswer,
    onPlaced?: (m: EntityManager, placedAt: Date) => Promise<void>,
  ): Promise<{ settlement: Settlement; placedAt?: Date }> {
    if (answer.ok) {
      const placedEvent = this.events.inStatement<OrderPlacedEvent>(
        EVENTS.orderPlaced,
        {
          orderId: order.id,
          userId: order.userId,
          totalPaise: order.totalPaise,
          subtotalPaise: order.subtotalPaise,
          discountPaise: order.discountPaise,
          shippingPaise: order.shippingPaise,
          taxPaise: order.taxPaise,
          coupon: order.couponCode,
          currency: 'INR',
          lines: eventLines(lines),
          expiresAt: order.expiresAt?.toISOString() ?? null,
          createdAt: order.createdAt.toISOString(),
          paymentMethod: order.paymentMethod,
          shippingMethod: order.shippingMethod,
        },
        2,
        'EXISTS (SELECT FROM placed)',
      );
      // The row becomes an order and order.placed is recorded in one statement.
      const placed: { updated_at: Date }[] = await m.query(
        `WITH placed AS (
           UPDATE orders SET reservation = 'reserved', updated_at = now() WHERE id = $1 AND reservation = 'pending'
           RETURNING updated_at
         ), ${placedEvent.cte}
         SELECT updated_at FROM placed`,
        [order.id, ...placedEvent.params],
      );
      if (placed.length > 0) {
        await onPlaced?.(m, placed[0].updated_at);
        return { settlement: 'placed', placedAt: placed[0].updated_at };
      }
      if (await m.existsBy(OrderEntity, { id: order.id })) return { settlement: 'already-placed' };
      await this.events.publish<OrderCancelledEvent>(m, EVENTS.orderCancelled, {
        orderId: order.id,
        userId: order.userId,
        lines: eventLines(lines),
        reason: 'not-placed',
        paid: false,
        cancelledAt: new Date().toISOString(),
      });
      return { settlement: 'orphaned' };
    }
    const removed = await changedRows(
      m,
      `DELETE FROM orders WHERE id = $1 AND reservation = 'pending' RETURNING id`,
      [order.id],
    );
    if (removed.length === 0 && (await m.existsBy(OrderEntity, { id: order.id })))
      return { settlement: 'already-placed' };
    return { settlement: 'abandoned' };
  }
}
