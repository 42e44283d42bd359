import type { OrderClosedReason } from '../order-amounts/order-amount.entity';
import type { RazorpayRefundEntity } from '../razorpay/razorpay.types';
import type { PaymentAttemptStatus } from './payment.entity';
import type { ProviderOrderEntity } from './provider-order.entity';

/** However often a refund fails, it is tried again at least this often. */
const MAX_RETRY_DELAY_SECONDS = 3600;

/**
 * What a captured payment is to its order: the one that `pays` it now, the one that `paid` it
 * already (reported again), or one owed back because the order was paid by another payment or
 * could no longer be paid.
 */
export type CaptureOutcome = 'pays' | 'paid' | 'duplicate' | 'order_closed';

export function captureOutcome(
  providerOrder: Pick<ProviderOrderEntity, 'status' | 'paidPaymentId'>,
  paymentId: string,
  closedReason: OrderClosedReason | null,
): CaptureOutcome {
  if (providerOrder.status === 'paid')
    return providerOrder.paidPaymentId === paymentId ? 'paid' : 'duplicate';
  // 'paid' as a closed reason means the order service had it paid before any provider order here.
  // Money taken online for a cash-on-delivery order (none should be: no provider order is made for
  // one) is owed back like money for a closed order: the courier collects at the door.
  if (closedReason === 'cancelled' || closedReason === 'expired' || closedReason === 'cod')
    return 'order_closed';
  return 'pays';
}

/** After the nth failed attempt: one sweep, then twice as long after each further failure. */
export function refundRetryDelaySeconds(failedAttempts: number, sweepSeconds: number): number {
  return Math.min(sweepSeconds * 2 ** Math.max(0, failedAttempts - 1), MAX_RETRY_DELAY_SECONDS);
}

/**
 * The receipt of a payment's refund, and its idempotency key at Razorpay: the same for every
 * attempt of a round, so a retry whose first try Razorpay did make gets that refund back. Once a
 * refund Razorpay made has failed, the next round asks under a new key, or Razorpay would answer
 * the failed refund again.
 */
export function refundReceipt(paymentId: string, round = 0): string {
  return round === 0 ? `refund_${paymentId}` : `refund_${paymentId}_${round}`;
}

/** Whether a refund that failed has been tried as often as it may be: staff see it from then on. */
export function refundGivenUp(attempts: number, maxAttempts: number): boolean {
  return attempts >= maxAttempts;
}

/**
 * What Razorpay's word on a refund (its answer to the request, or a `refund.*` webhook) does to the
 * payment owed back: the money went back (`processed`, whichever refund of the payment it was),
 * Razorpay holds the refund of the current round (`pending`), or that refund failed (`failed`). A
 * word on an earlier round's refund, or on a payment that is not owed back, changes nothing.
 */
export type RefundStep = 'processed' | 'pending' | 'failed' | 'none';

export function refundStep(
  payment: { id: string; status: PaymentAttemptStatus; refundRound: number },
  refund: Pick<RazorpayRefundEntity, 'status' | 'receipt'>,
): RefundStep {
  const owed = payment.status === 'refund_due' || payment.status === 'refund_pending';
  if (!owed && payment.status !== 'refund_failed') return 'none';
  if (refund.status === 'processed') return 'processed';
  if (!owed || refund.receipt !== refundReceipt(payment.id, payment.refundRound)) return 'none';
  if (refund.status === 'failed') return 'failed';
  return payment.status === 'refund_due' ? 'pending' : 'none';
}
