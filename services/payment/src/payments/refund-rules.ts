import type { PaymentRefundReason } from '@shop/proto';
import type { OrderClosedReason } from '../order-amounts/order-amount.entity';
import type { ProviderOrderEntity } from './provider-order.entity';

/** However often a refund fails, it is tried again at least this often. */
const MAX_RETRY_DELAY_SECONDS = 3600;

/**
 * What a captured payment is to its order: the one that `pays` it now, the one that `paid` it
 * already (reported again), or one owed back because the order was paid by another payment or
 * could no longer be paid.
 */
export type CaptureOutcome = 'pays' | 'paid' | PaymentRefundReason;

export function captureOutcome(
  providerOrder: Pick<ProviderOrderEntity, 'status' | 'paidPaymentId'>,
  paymentId: string,
  closedReason: OrderClosedReason | null,
): CaptureOutcome {
  if (providerOrder.status === 'paid')
    return providerOrder.paidPaymentId === paymentId ? 'paid' : 'duplicate';
  // 'paid' as a closed reason means the order service had it paid before any provider order here.
  if (closedReason === 'cancelled' || closedReason === 'expired') return 'order_closed';
  return 'pays';
}

/** After the nth failed attempt: one sweep, then twice as long after each further failure. */
export function refundRetryDelaySeconds(failedAttempts: number, sweepSeconds: number): number {
  return Math.min(sweepSeconds * 2 ** Math.max(0, failedAttempts - 1), MAX_RETRY_DELAY_SECONDS);
}

/**
 * The receipt of a payment's refund, and its idempotency key at Razorpay: the same for every
 * attempt, so a retry whose first try Razorpay did make gets that refund back.
 */
export function refundReceipt(paymentId: string): string {
  return `refund_${paymentId}`;
}
