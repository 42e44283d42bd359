import type { OrderView } from '@shop/proto';

/**
 * Payments this tab has had verified by the server. The order service hears of a payment a moment
 * after the verification answers; until then an order read back still says pending (or failed,
 * after an earlier attempt), and the confirmation would offer "Pay now" for an order just paid.
 * What the verification said is shown instead.
 */
const verified = new Map<string, { paymentId: string; paidAt: string }>();

export function rememberVerifiedPayment(orderId: string, paymentId: string, at = new Date()): void {
  verified.set(orderId, { paymentId, paidAt: at.toISOString() });
}

/** The order as the server sent it, paid if this tab's verification of its payment said so. */
export function withVerifiedPayment(order: OrderView): OrderView {
  const payment = verified.get(order._id);
  const awaiting = order.paymentDetails.status === 'pending' || order.paymentDetails.status === 'failed';
  if (!payment || !awaiting) return order;
  return {
    ...order,
    paymentDetails: {
      ...order.paymentDetails,
      status: 'paid',
      paymentId: order.paymentDetails.paymentId ?? payment.paymentId,
      paidAt: order.paymentDetails.paidAt ?? payment.paidAt,
    },
  };
}
