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
  PaymentRefundedEvent,
  refusedTransitionMessage,
} from '@shop/proto';
import { DataSource, EntityManager } from 'typeorm';
import { CouponsService } from '../coupons/coupons.service';
import { eventLines } from './order-events';
import { OrderLineEntity } from './order-line.entity';
import { captureEffect, paymentStatusAfterRefund } from './order-payment-rules';
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
   * order cancelled or expired meanwhile is recorded, not turned into a sale: its stock went back
   * already, and the payment service, which hears the order close unpaid, refunds the payment
   * (`refunded`). A refund recorded before the capture keeps the order refunded.
   */
  async paid(m: EntityManager, payment: PaymentCapturedEvent): Promise<void> {
    const order = await this.lock(m, payment.orderId);
    if (!order) {
      this.logger.warn(`payment ${payment.paymentId} captured for unknown order ${payment.orderId}`);
      return;
    }
    const effect = captureEffect(order, payment.amountPaise);
    if (effect === 'already_paid') return;
    if (effect === 'wrong_amount') {
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
        paymentStatus: effect === 'refunded_already' ? 'refunded' : 'paid',
        paymentId: payment.paymentId,
        razorpayOrderId: payment.providerOrderId,
        paymentMethod: payment.method || order.paymentMethod,
        paidAt,
        updatedAt: new Date(),
      },
    );
    if (effect !== 'pays') {
      this.logger.warn(
        effect === 'refunded_already'
          ? `payment ${payment.paymentId} came after order ${order.id} was cancelled (${order.cancelReason}) and has been refunded already; the order stays cancelled`
          : `payment ${payment.paymentId} came after order ${order.id} was cancelled (${order.cancelReason}); the order stays cancelled and the payment service refunds the payment`,
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

  /**
   * A payment for the order was given back (`payment.refunded`), recorded once per payment. A
   * duplicate leaves the order paid by its first payment; a payment that came after the order
   * closed leaves it cancelled with its payment status `refunded`. Nothing goes to the catalog: a
   * cancelled order's stock was released when it was cancelled.
   */
  async refunded(m: EntityManager, refund: PaymentRefundedEvent): Promise<void> {
    const order = await this.lock(m, refund.orderId);
    if (!order) {
      this.logger.warn(`payment ${refund.paymentId} refunded for unknown order ${refund.orderId}`);
      return;
    }
    const recorded: unknown[] = await m.query(
      `INSERT INTO order_refunds (payment_id, order_id, refund_id, amount_paise, reason, refunded_at)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING payment_id`,
      [refund.paymentId, order.id, refund.refundId, refund.amountPaise, refund.reason, refund.refundedAt],
    );
    if (recorded.length === 0) return;
    if (refund.reason === 'order_closed' && order.status !== 'Cancelled') {
      this.logger.error(
        `payment ${refund.paymentId} was refunded because order ${order.id} had closed, but the order is ${order.status}`,
      );
    }
    await m.update(
      OrderEntity,
      { id: order.id },
      { paymentStatus: paymentStatusAfterRefund(order, refund.reason), updatedAt: new Date() },
    );
    this.logger.log(
      `payment ${refund.paymentId} of order ${order.id} was refunded (${refund.reason}, ${refund.amountPaise} paise)`,
    );
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
