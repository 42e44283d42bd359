import type { OrderPaymentStatus, PaymentRefundReason } from '@shop/proto';
import type { OrderEntity } from './order.entity';

/**
 * What a captured payment (`payment.captured`) does to the order it names: it `pays` an open order
 * of its amount; an order paid already stays as it is, and a payment of another amount is not this
 * order's money. A payment for an order cancelled or expired meanwhile is recorded without making
 * it a sale (`after_close`): the payment service, which hears the order close unpaid, refunds it;
 * if that refund came first (`refunded_already`), the order stays refunded.
 */
export type CaptureEffect = 'pays' | 'already_paid' | 'wrong_amount' | 'after_close' | 'refunded_already';

export function captureEffect(
  order: Pick<OrderEntity, 'status' | 'paymentStatus' | 'totalPaise'>,
  amountPaise: number,
): CaptureEffect {
  if (order.paymentStatus === 'paid') return 'already_paid';
  if (amountPaise !== order.totalPaise) return 'wrong_amount';
  if (order.paymentStatus === 'refunded') return 'refunded_already';
  if (order.status === 'Cancelled') return 'after_close';
  return 'pays';
}

/**
 * The order's payment status once one of its payments was refunded. A `duplicate` leaves it as it
 * is: the first payment paid the order and stands. A payment refunded because the order had closed
 * leaves a cancelled order `refunded`, whether or not its capture was recorded first.
 */
export function paymentStatusAfterRefund(
  order: Pick<OrderEntity, 'status' | 'paymentStatus'>,
  reason: PaymentRefundReason,
): OrderPaymentStatus {
  if (reason === 'order_closed' && order.status === 'Cancelled') return 'refunded';
  return order.paymentStatus;
}
