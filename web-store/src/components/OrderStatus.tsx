import { CASH_ON_DELIVERY, type OrderView } from '@shop/proto';
import './order-status.css';

/** The order id as the account area shows it: its last 8 characters (storefront spec, section 9). */
export function shortOrderId(id: string): string {
  return id.slice(-8);
}

const STATUS_TONES: Record<string, string> = {
  Processing: 'amber',
  Shipped: 'blue',
  Delivered: 'green',
  Cancelled: 'red',
};

/** Processing amber, Shipped blue, Delivered green, Cancelled red, anything else grey. */
export function statusTone(status: string): string {
  return STATUS_TONES[status] ?? 'grey';
}

export type Tone = 'amber' | 'blue' | 'green' | 'red' | 'grey';

const PAYMENT_LABELS: Record<string, { label: string; tone: Tone }> = {
  paid: { label: 'Paid', tone: 'green' },
  pending: { label: 'Payment pending', tone: 'amber' },
  failed: { label: 'Payment failed', tone: 'red' },
  expired: { label: 'Payment expired', tone: 'red' },
  cancelled: { label: 'Cancelled', tone: 'red' },
  refund_pending: { label: 'Refund pending', tone: 'amber' },
  refunded: { label: 'Refunded', tone: 'blue' },
  refund_failed: { label: 'Refund failed', tone: 'red' },
};

/** The payment status in the shopper's words; an unknown one as it is, in grey. */
export function paymentStatusLabel(status: string): { label: string; tone: Tone } {
  return PAYMENT_LABELS[status] ?? { label: status, tone: 'grey' };
}

/** Cash on delivery: the order was placed without payment and is paid to the courier. */
export function isCashOnDeliveryOrder(order: Pick<OrderView, 'paymentDetails'>): boolean {
  return order.paymentDetails.paymentMethod === CASH_ON_DELIVERY;
}

/** How the order is paid, in the shopper's words. */
export function paymentMethodLabel(order: Pick<OrderView, 'paymentDetails'>): string {
  return isCashOnDeliveryOrder(order) ? 'Cash on delivery' : 'Online (Razorpay)';
}

/**
 * The order's payment status in the shopper's words: a cash-on-delivery order not paid yet is
 * waiting for its delivery, not for the shopper.
 */
export function orderPaymentLabel(order: Pick<OrderView, 'paymentDetails'>): { label: string; tone: Tone } {
  if (isCashOnDeliveryOrder(order) && order.paymentDetails.status === 'pending')
    return { label: 'Pay on delivery', tone: 'amber' };
  return paymentStatusLabel(order.paymentDetails.status);
}

/** A cancelled order whose money is being, or was, given back. */
export function isRefundStatus(status: string): boolean {
  return status === 'refund_pending' || status === 'refunded' || status === 'refund_failed';
}

export function StatusBadge({ status, label, tone }: { status: string; label?: string; tone?: Tone }) {
  return <span className={`status-badge tone-${tone ?? statusTone(status)}`}>{label ?? status}</span>;
}
