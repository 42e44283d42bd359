import type { OrderPaymentStatus, PaymentRefundReason, RefundState } from '@shop/proto';
import type { OrderEntity } from './order.entity';

/**
 * What a captured payment (`payment.captured`) does to the order it names: it `pays` an open order
 * of its amount; an order paid already (by this payment or another) stays as it is, and a payment
 * of another amount is not this order's money. A payment for an order cancelled or expired
 * meanwhile is recorded without making it a sale (`after_close`): the payment service, which hears
 * the order close unpaid, refunds it; if that refund was heard of first (`refunded_already`), the
 * order keeps its refund's status.
 */
export type CaptureEffect = 'pays' | 'already_paid' | 'wrong_amount' | 'after_close' | 'refunded_already';

export function captureEffect(
  order: Pick<OrderEntity, 'status' | 'paymentStatus' | 'totalPaise' | 'paymentId'>,
  paymentId: string,
  amountPaise: number,
): CaptureEffect {
  if (order.paymentStatus === 'paid' || order.paymentId === paymentId) return 'already_paid';
  if (amountPaise !== order.totalPaise) return 'wrong_amount';
  if (isRefundStatus(order.paymentStatus)) return 'refunded_already';
  if (order.status === 'Cancelled') return 'after_close';
  return 'pays';
}

/** The payment statuses of a cancelled order whose money is being, or was, given back. */
export function isRefundStatus(status: OrderPaymentStatus): boolean {
  return status === 'refund_pending' || status === 'refunded' || status === 'refund_failed';
}

const AFTER_REFUND: Record<RefundState, OrderPaymentStatus> = {
  pending: 'refund_pending',
  processed: 'refunded',
  failed: 'refund_failed',
};

/**
 * The order's payment status once the refund of one of its payments moved. A `duplicate` leaves it
 * as it is: the first payment paid the order and stands. The payment of a cancelled order (one
 * that came after it closed, or the one that paid it before staff cancelled it) makes its status
 * the refund's: `refund_pending`, `refunded` or `refund_failed`.
 */
export function paymentStatusAfterRefund(
  order: Pick<OrderEntity, 'status' | 'paymentStatus'>,
  reason: PaymentRefundReason,
  state: RefundState,
): OrderPaymentStatus {
  if (reason === 'duplicate' || order.status !== 'Cancelled') return order.paymentStatus;
  return AFTER_REFUND[state];
}

/** A refund only moves forward: pending, then failed (given up), then processed (even after giving up). */
const REFUND_STATE_RANK: Record<RefundState, number> = { pending: 1, failed: 2, processed: 3 };

export function refundMovesForward(from: RefundState | null, to: RefundState): boolean {
  return from === null || REFUND_STATE_RANK[to] > REFUND_STATE_RANK[from];
}
