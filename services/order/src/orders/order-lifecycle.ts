import { Injectable, Logger } from '@nestjs/common';
import { EventPublisher, inboxRecord, RpcError } from '@shop/kit';
import {
  CancelReason,
  canMoveOrder,
  CASH_ON_DELIVERY,
  EVENTS,
  OrderCancelledEvent,
  OrderPaidEvent,
  OrderRefundedEvent,
  OrderStatus,
  OrderStatusChangedEvent,
  PaymentCapturedEvent,
  PaymentFailedEvent,
  PaymentRefundReason,
  refusedTransitionMessage,
  RefundState,
} from '@shop/proto';
import { DataSource, EntityManager } from 'typeorm';
import { CouponsService } from '../coupons/coupons.service';
import { InvoicesService } from '../invoices/invoices.service';
import { eventLines, EventLineSource } from './order-events';
import { OrderLineEntity } from './order-line.entity';
import { captureEffect, paymentStatusAfterRefund, refundMovesForward } from './order-payment-rules';
import { OrderRefundEntity } from './order-refund.entity';
import { OrderStatusHistoryEntity } from './order-status-history.entity';
import { OrderEntity } from './order.entity';

/**
 * Everything that moves a placed order: staff along the declared progression, payments, and the
 * expiry of unpaid orders. Callers lock the order row first; each move is recorded in the status
 * history and published in the same transaction.
 */
/** What recording a captured payment reads of its order. */
type PaidOrderRow = Pick<
  OrderEntity,
  'id' | 'userId' | 'status' | 'paymentStatus' | 'paymentMethod' | 'paymentId' | 'totalPaise' | 'cancelReason'
>;

@Injectable()
export class OrderLifecycle {
  private readonly logger = new Logger(OrderLifecycle.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventPublisher,
    private readonly coupons: CouponsService,
    private readonly invoices: InvoicesService,
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
    if (!canMoveOrder(from, to, reason)) throw RpcError.badRequest(refusedTransitionMessage(from, to));
    const at = new Date();
    const paid = order.paymentStatus === 'paid';
    order.status = to;
    order.updatedAt = at;
    if (to === 'Cancelled') {
      order.cancelReason = reason;
      // The payment service refunds a paid order's payment when it hears of the cancellation.
      order.paymentStatus = paid ? 'refund_pending' : reason === 'expired' ? 'expired' : 'cancelled';
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
    // Cash on delivery is a sale once the goods leave: its invoice goes with them.
    if (to === 'Shipped' && order.paymentMethod === CASH_ON_DELIVERY)
      await this.invoices.issueSale(m, order, 'shipped');
    if (to !== 'Cancelled') return;
    // An invoiced order cancelled with no payment to give back (cash on delivery refused at the
    // door) is reversed now; a paid one is reversed when its refund is made (refundMoved).
    if (!paid)
      await this.invoices.issueCreditNote(
        m,
        order,
        reason === 'refused' ? 'Delivery refused; order cancelled' : 'Order cancelled',
        'cancelled',
      );
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
    // Every checkout passes here: plain SQL rather than TypeORM's find, update and find.
    const [order]: PaidOrderRow[] = await m.query(
      `SELECT id, user_id AS "userId", status, payment_status AS "paymentStatus", payment_method AS "paymentMethod",
              payment_id AS "paymentId", total_paise::float8 AS "totalPaise", cancel_reason AS "cancelReason"
       FROM orders WHERE id = $1 AND reservation = 'reserved' FOR UPDATE`,
      [payment.orderId],
    );
    if (!order) {
      this.logger.warn(`payment ${payment.paymentId} captured for unknown order ${payment.orderId}`);
      return;
    }
    const effect = captureEffect(order, payment.paymentId, payment.amountPaise);
    if (effect === 'already_paid') return;
    if (effect === 'wrong_amount') {
      this.logger.error(
        `payment ${payment.paymentId} of ${payment.amountPaise} paise does not match order ${order.id} total ${order.totalPaise}`,
      );
      return;
    }
    const paidAt = new Date(payment.capturedAt ?? Date.now());
    // The lines the order.paid event carries are read in the statement that marks the order paid.
    const lines: (EventLineSource & { unitPricePaise: string })[] = await m.query(
      `WITH paid AS (
         UPDATE orders SET payment_status = $2, payment_id = $3, razorpay_order_id = $4, payment_method = $5,
           paid_at = $6, updated_at = $7 WHERE id = $1
       )
       SELECT position, product_id AS "productId", quantity, unit_price_paise AS "unitPricePaise", name
       FROM order_lines WHERE order_id = $1 AND $8`,
      [
        order.id,
        effect === 'refunded_already' ? order.paymentStatus : 'paid',
        payment.paymentId,
        payment.providerOrderId,
        payment.method || order.paymentMethod,
        paidAt,
        new Date(),
        effect === 'pays',
      ],
    );
    if (effect !== 'pays') {
      this.logger.warn(
        effect === 'refunded_already'
          ? `payment ${payment.paymentId} came after order ${order.id} was cancelled (${order.cancelReason}) and its refund is under way already (${order.paymentStatus}); the order stays cancelled`
          : `payment ${payment.paymentId} came after order ${order.id} was cancelled (${order.cancelReason}); the order stays cancelled and the payment service refunds the payment`,
      );
      return;
    }
    await this.events.publish<OrderPaidEvent>(m, EVENTS.orderPaid, {
      orderId: order.id,
      userId: order.userId,
      totalPaise: order.totalPaise,
      lines: eventLines(lines.map((l) => ({ ...l, unitPricePaise: Number(l.unitPricePaise) }))),
      paymentId: payment.paymentId,
      paidAt: paidAt.toISOString(),
      paymentMethod: payment.method || order.paymentMethod,
    });
  }

  /**
   * Staff recorded a cash-on-delivery order paid at the door: it is paid now, and `order.paid`
   * (`cod`) tells the catalog to commit its reserved stock and the reports to count the sale. The
   * caller holds the order's lock and has checked it is an open, unpaid cash-on-delivery order.
   */
  async codPaid(m: EntityManager, order: OrderEntity): Promise<void> {
    const paidAt = new Date();
    Object.assign(order, { paymentStatus: 'paid', paidAt, updatedAt: paidAt });
    await m.update(OrderEntity, { id: order.id }, { paymentStatus: 'paid', paidAt, updatedAt: paidAt });
    const lines = await m.find(OrderLineEntity, { where: { orderId: order.id } });
    await this.events.publish<OrderPaidEvent>(m, EVENTS.orderPaid, {
      orderId: order.id,
      userId: order.userId,
      totalPaise: order.totalPaise,
      lines: eventLines(lines),
      // No provider payment exists: the collection is named after its order.
      paymentId: `${CASH_ON_DELIVERY}_${order.id}`,
      paidAt: paidAt.toISOString(),
      paymentMethod: CASH_ON_DELIVERY,
    });
  }

  /**
   * payment.captured's usual case, an order this payment pays, in two statements and no transaction
   * (the event consumer's first try): the order and its lines are read, and if the payment pays it
   * (captureEffect), one statement marks it paid, as long as it is still as read, and records
   * order.paid and the event (inbox) with it. Answers false when it did not, and paid() handles the
   * event under the order's lock. An order this payment pays was never marked by this event before
   * (marking it is what handling the event does), so the inbox cannot hold the event yet.
   */
  async paidFirst(
    m: EntityManager,
    event: { id: string; type: string; data: PaymentCapturedEvent },
  ): Promise<boolean> {
    const payment = event.data;
    const [order]: (PaidOrderRow & { lines: (EventLineSource & { unitPricePaise: number })[] })[] =
      await m.query(
        `SELECT id, user_id AS "userId", status, payment_status AS "paymentStatus", payment_method AS "paymentMethod",
              payment_id AS "paymentId", total_paise::float8 AS "totalPaise", cancel_reason AS "cancelReason",
              (SELECT json_agg(json_build_object('position', l.position, 'productId', l.product_id,
                        'quantity', l.quantity, 'unitPricePaise', l.unit_price_paise, 'name', l.name))
               FROM order_lines l WHERE l.order_id = o.id) AS lines
       FROM orders o WHERE id = $1 AND reservation = 'reserved'`,
        [payment.orderId],
      );
    if (!order || captureEffect(order, payment.paymentId, payment.amountPaise) !== 'pays') return false;
    const paidAt = new Date(payment.capturedAt ?? Date.now());
    const paidEvent = this.events.inStatement<OrderPaidEvent>(
      EVENTS.orderPaid,
      {
        orderId: order.id,
        userId: order.userId,
        totalPaise: order.totalPaise,
        lines: eventLines(order.lines),
        paymentId: payment.paymentId,
        paidAt: paidAt.toISOString(),
        paymentMethod: payment.method || order.paymentMethod,
      },
      12,
      'EXISTS (SELECT FROM paid)',
    );
    const [{ done }]: { done: boolean }[] = await m.query(
      `WITH paid AS (
         UPDATE orders SET payment_status = 'paid', payment_id = $2, razorpay_order_id = $3, payment_method = $4,
           paid_at = $5, updated_at = $6
         WHERE id = $1 AND reservation = 'reserved' AND status = $7 AND payment_status = $8
           AND payment_id IS NOT DISTINCT FROM $9::text
         RETURNING id
       ), inboxed AS (${inboxRecord('$10', '$11', 'EXISTS (SELECT FROM paid)')}), ${paidEvent.cte}
       SELECT EXISTS (SELECT FROM paid) AS done`,
      [
        order.id,
        payment.paymentId,
        payment.providerOrderId,
        payment.method || order.paymentMethod,
        paidAt,
        new Date(),
        order.status,
        order.paymentStatus,
        order.paymentId,
        event.id,
        event.type,
        ...paidEvent.params,
      ],
    );
    return done;
  }

  /**
   * The refund of one of the order's payments moved (`payment.refund-pending`, `payment.refunded`,
   * `payment.refund-failed`), recorded once per payment and only forward, whatever order the events
   * arrive in. A duplicate leaves the order paid by its first payment; the payment of a cancelled
   * order makes its payment status the refund's. Nothing goes to the catalog: a cancelled order's
   * stock was released when it was cancelled.
   */
  async refundMoved(m: EntityManager, refund: RefundChange): Promise<void> {
    const order = await this.lock(m, refund.orderId);
    if (!order) {
      this.logger.warn(`refund of payment ${refund.paymentId} for unknown order ${refund.orderId} ignored`);
      return;
    }
    const held = await m.findOne(OrderRefundEntity, {
      where: { paymentId: refund.paymentId },
      lock: { mode: 'pessimistic_write' },
    });
    if (!refundMovesForward(held?.status ?? null, refund.status)) return;
    await m.upsert(
      OrderRefundEntity,
      {
        paymentId: refund.paymentId,
        orderId: order.id,
        refundId: refund.refundId ?? held?.refundId ?? null,
        amountPaise: refund.amountPaise,
        reason: refund.reason,
        status: refund.status,
        error: refund.error,
        refundedAt: refund.refundedAt ? new Date(refund.refundedAt) : null,
        recordedAt: new Date(),
      },
      ['paymentId'],
    );
    if (refund.reason !== 'duplicate' && order.status !== 'Cancelled') {
      this.logger.error(
        `payment ${refund.paymentId} is refunded (${refund.reason}) but order ${order.id} is ${order.status}`,
      );
    }
    await m.update(
      OrderEntity,
      { id: order.id },
      { paymentStatus: paymentStatusAfterRefund(order, refund.reason, refund.status), updatedAt: new Date() },
    );
    if (refund.status === 'processed') await this.refunded(m, order, refund);
    const message = `refund of payment ${refund.paymentId} of order ${order.id} is ${refund.status} (${refund.reason}, ${refund.amountPaise} paise)`;
    if (refund.status === 'failed') this.logger.error(`${message}: ${refund.error}`);
    else this.logger.log(message);
  }

  /**
   * A payment of the order went back, for the first time: a refund that reverses a sale (staff
   * cancelled the paid order) issues the credit note against its invoice, and `order.refunded`
   * carries the note's number.
   */
  private async refunded(m: EntityManager, order: OrderEntity, refund: RefundChange): Promise<void> {
    const note =
      refund.reason === 'cancelled'
        ? await this.invoices.issueCreditNote(
            m,
            order,
            'Order cancelled; payment refunded in full',
            'refunded',
          )
        : null;
    await this.events.publish<OrderRefundedEvent>(m, EVENTS.orderRefunded, {
      orderId: order.id,
      userId: order.userId,
      paymentId: refund.paymentId,
      amountPaise: refund.amountPaise,
      reason: refund.reason,
      refundedAt: refund.refundedAt ?? new Date().toISOString(),
      creditNoteNumber: note?.number ?? null,
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

/** Where the refund of one payment of an order stands, from the payment service's events. */
export interface RefundChange {
  orderId: string;
  paymentId: string;
  refundId: string | null;
  amountPaise: number;
  reason: PaymentRefundReason;
  status: RefundState;
  refundedAt: string | null;
  error: string | null;
}
