import { Injectable, Logger } from '@nestjs/common';
import { EventPublisher, RpcError } from '@shop/kit';
import {
  CancelReason,
  canMoveOrder,
  EVENTS,
  OrderCancelledEvent,
  OrderPaidEvent,
  OrderStatus,
  OrderStatusChangedEvent,
  PaymentCapturedEvent,
  PaymentFailedEvent,
  refusedTransitionMessage,
} from '@shop/proto';
import { DataSource, EntityManager } from 'typeorm';
import { CouponsService } from '../coupons/coupons.service';
import { eventLines } from './order-events';
import { OrderLineEntity } from './order-line.entity';
import { OrderStatusHistoryEntity } from './order-status-history.entity';
import { OrderEntity } from './order.entity';

/**
 * Everything that moves a placed order: staff along the declared progression, payments, and the
 * expiry of unpaid orders. Callers lock the order row first; each move is recorded in the status
 * history and published in the same transaction.
 */
@Injectable()
export class OrderLifecycle {
  private readonly logger = new Logger(OrderLifecycle.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventPublisher,
    private readonly coupons: CouponsService,
  ) {}

  /** The placed order, locked for this transaction. */
  async lock(m: EntityManager, id: string): Promise<OrderEntity | null> {
    return m.findOne(OrderEntity, {
      where: { id, reservation: 'reserved' },
      lock: { mode: 'pessimistic_write' },
    });
  }

  async move(
    m: EntityManager,
    order: OrderEntity,
    to: OrderStatus,
    reason: CancelReason = 'staff',
  ): Promise<void> {
    const from = order.status;
    if (!canMoveOrder(from, to)) throw RpcError.badRequest(refusedTransitionMessage(from, to));
    const at = new Date();
    const paid = order.paymentStatus === 'paid';
    order.status = to;
    order.updatedAt = at;
    if (to === 'Cancelled') {
      order.cancelReason = reason;
      if (!paid) order.paymentStatus = reason === 'expired' ? 'expired' : 'cancelled';
    }
    await m.update(
      OrderEntity,
      { id: order.id },
      { status: to, updatedAt: at, cancelReason: order.cancelReason, paymentStatus: order.paymentStatus },
    );
    await m.insert(OrderStatusHistoryEntity, { orderId: order.id, status: to, at });
    await this.events.publish<OrderStatusChangedEvent>(m, EVENTS.orderStatusChanged, {
      orderId: order.id,
      userId: order.userId,
      from,
      to,
      at: at.toISOString(),
      trackingNumber: order.trackingNumber,
    });
    if (to !== 'Cancelled') return;
    await this.coupons.release(m, order.id);
    const lines = await m.find(OrderLineEntity, { where: { orderId: order.id } });
    await this.events.publish<OrderCancelledEvent>(
      m,
      reason === 'expired' ? EVENTS.orderExpired : EVENTS.orderCancelled,
      {
        orderId: order.id,
        userId: order.userId,
        lines: eventLines(lines),
        reason,
        paid,
        cancelledAt: at.toISOString(),
      },
    );
  }

  /**
   * The money was taken. The order is paid once, whatever order the payment events arrive in and
   * however often; its status stays with staff (Pending until they process it). Money taken for an
   * order that expired meanwhile is recorded, not turned into a sale: its stock went back already.
   */
  async paid(m: EntityManager, payment: PaymentCapturedEvent): Promise<void> {
    const order = await this.lock(m, payment.orderId);
    if (!order) {
      this.logger.warn(`payment ${payment.paymentId} captured for unknown order ${payment.orderId}`);
      return;
    }
    if (order.paymentStatus === 'paid') return;
    if (payment.amountPaise !== order.totalPaise) {
      this.logger.error(
        `payment ${payment.paymentId} of ${payment.amountPaise} paise does not match order ${order.id} total ${order.totalPaise}`,
      );
      return;
    }
    const paidAt = new Date(payment.capturedAt ?? Date.now());
    await m.update(
      OrderEntity,
      { id: order.id },
      {
        paymentStatus: 'paid',
        paymentId: payment.paymentId,
        razorpayOrderId: payment.providerOrderId,
        paymentMethod: payment.method || order.paymentMethod,
        paidAt,
        updatedAt: new Date(),
      },
    );
    if (order.status === 'Cancelled') {
      this.logger.warn(
        `order ${order.id} was paid after it was cancelled (${order.cancelReason}): the payment ${payment.paymentId} is due a refund`,
      );
      return;
    }
    const lines = await m.find(OrderLineEntity, { where: { orderId: order.id } });
    await this.events.publish<OrderPaidEvent>(m, EVENTS.orderPaid, {
      orderId: order.id,
      userId: order.userId,
      totalPaise: order.totalPaise,
      lines: eventLines(lines),
      paymentId: payment.paymentId,
      paidAt: paidAt.toISOString(),
    });
  }

  /** A failed attempt marks an unpaid order failed (it can still be paid); it never touches a paid one. */
  async paymentFailed(m: EntityManager, failure: PaymentFailedEvent): Promise<void> {
    const order = await this.lock(m, failure.orderId);
    if (!order || order.paymentStatus !== 'pending') return;
    await m.update(
      OrderEntity,
      { id: order.id },
      {
        paymentStatus: 'failed',
        razorpayOrderId: order.razorpayOrderId ?? failure.providerOrderId ?? null,
        updatedAt: new Date(),
      },
    );
  }

  /**
   * Cancels a batch of orders whose payment window has closed. SKIP LOCKED lets replicas sweep side
   * by side, and an order a payment is being recorded for is left to the next sweep.
   */
  async expireDue(batch = 100): Promise<number> {
    return this.dataSource.transaction(async (m) => {
      const due = await m
        .createQueryBuilder(OrderEntity, 'o')
        .where(
          `o.status = 'Pending' AND o.payment_status IN ('pending', 'failed') AND o.reservation = 'reserved' AND o.expires_at <= now()`,
        )
        .orderBy('o.expires_at')
        .limit(batch)
        .setLock('pessimistic_write')
        .setOnLocked('skip_locked')
        .getMany();
      for (const order of due) await this.move(m, order, 'Cancelled', 'expired');
      return due.length;
    });
  }
}
