import {
  CASH_ON_DELIVERY,
  isFileValue,
  ORDER_STATUSES,
  type DocumentKind,
  type OrderStatus,
  type PaymentRefundReason,
  type RefundState,
} from '@shop/proto';
import type { AdminOrder } from '../../api/orders';
import type { FilterOption } from '../../components/Filters';
import { formatPrice } from '../../lib/format';

export const ORDER_MESSAGES_UI = {
  loadFailed: 'Failed to load orders. Please try again.',
  statusFailed: 'Failed to update order status. Please try again.',
  trackingFailed: 'Failed to update tracking number. Please try again.',
  trackingEmpty: 'Tracking number cannot be empty',
  processFailed: 'Failed to process some orders. Please try again.',
  editNotImplemented: 'Edit Order is not implemented yet.',
  noOrders: 'No orders yet',
  noMatches: 'No orders match the current filters',
  codFailed: 'Failed to record the cash on delivery outcome. Please try again.',
  documentFailed: 'Failed to download the document. Please try again.',
} as const;

export const processedMessage = (count: number) => `Successfully processed ${count} orders`;

/** Search waits for typing to pause (back-office spec, section 9). */
export const SEARCH_DEBOUNCE_MS = 300;

export type StatusFilter = 'all' | OrderStatus;

export const STATUS_FILTERS: FilterOption<StatusFilter>[] = [
  { value: 'all', label: 'All Statuses' },
  ...ORDER_STATUSES.map((status) => ({ value: status, label: status })),
];

export type DateFilter = 'all' | 'today' | 'yesterday' | 'last7' | 'last30';

export const DATE_FILTERS: FilterOption<DateFilter>[] = [
  { value: 'all', label: 'All Dates' },
  { value: 'today', label: 'Today' },
  { value: 'yesterday', label: 'Yesterday' },
  { value: 'last7', label: 'Last 7 Days' },
  { value: 'last30', label: 'Last 30 Days' },
];

const DAY_MS = 24 * 60 * 60 * 1000;

function startOfDay(date: Date): Date {
  const start = new Date(date);
  start.setHours(0, 0, 0, 0);
  return start;
}

/** The date filter as a from/to range in the admin's own day (ISO date-times). */
export function dateRange(filter: DateFilter, now: Date = new Date()): { from?: string; to?: string } {
  const today = startOfDay(now);
  switch (filter) {
    case 'today':
      return { from: today.toISOString() };
    case 'yesterday': {
      const yesterday = new Date(today);
      yesterday.setDate(today.getDate() - 1);
      return { from: yesterday.toISOString(), to: new Date(today.getTime() - 1).toISOString() };
    }
    case 'last7':
      return { from: new Date(now.getTime() - 7 * DAY_MS).toISOString() };
    case 'last30':
      return { from: new Date(now.getTime() - 30 * DAY_MS).toISOString() };
    default:
      return {};
  }
}

export type PaymentLabel = 'Paid' | 'Pending' | 'Unpaid' | 'Refund pending' | 'Refunded' | 'Refund failed';

const REFUND_LABELS: Record<string, PaymentLabel> = {
  refund_pending: 'Refund pending',
  refunded: 'Refunded',
  refund_failed: 'Refund failed',
};

/**
 * Payment: paid, pending, where the refund of a cancelled order's money stands, anything else
 * unpaid; Pending when nothing is known.
 */
export function paymentLabel(status: string | null | undefined): PaymentLabel {
  if (!status || status === 'pending') return 'Pending';
  if (status === 'paid') return 'Paid';
  return REFUND_LABELS[status] ?? 'Unpaid';
}

export const REFUND_STATE_LABELS: Record<RefundState, string> = {
  pending: 'Refund pending',
  processed: 'Refunded',
  failed: 'Refund failed',
};

export const REFUND_REASON_LABELS: Record<PaymentRefundReason, string> = {
  cancelled: 'Order cancelled',
  order_closed: 'Paid after the order closed',
  duplicate: 'Paid twice',
};

/**
 * What the cancel dialog asks: a paid order's payment goes back to the customer through Razorpay
 * (the same refund the shop makes for payments that paid for nothing).
 */
export function cancelConfirmText(order: Pick<AdminOrder, 'paymentDetails' | 'totalAmount'>): string {
  if (order.paymentDetails?.status === 'paid' && isCashOnDelivery(order))
    return `This order was paid in cash on delivery. Cancelling it owes ${formatPrice(order.totalAmount)} back to the customer, which Razorpay cannot refund: give it back yourself. This cannot be undone.`;
  if (order.paymentDetails?.status === 'paid')
    return `This order is paid. Cancelling it refunds ${formatPrice(order.totalAmount)} to the customer through Razorpay; the order's payment shows "Refund pending" until Razorpay has given it back. This cannot be undone.`;
  return 'This order has not been paid: nothing is refunded. Its stock goes back on sale. This cannot be undone.';
}

export function customerName(order: AdminOrder): string {
  return (
    order.user?.username || order.shippingAddress?.fullName || order.shippingAddress?.name || 'Guest User'
  );
}

export function customerEmail(order: AdminOrder): string {
  return order.user?.email || order.shippingAddress?.email || '';
}

/** '12 MG Road, Bengaluru, Karnataka 560001'; parts the order does not have are left out. */
export function shippingAddressText(address: AdminOrder['shippingAddress'] | null | undefined): string {
  if (!address) return '';
  const region = [address.state, address.pinCode].filter(Boolean).join(' ');
  return [address.street, address.city, region].filter(Boolean).join(', ');
}

export const STATUS_BADGE: Record<OrderStatus, string> = {
  Pending: 'badge-warning',
  Processing: 'badge-info',
  Shipped: 'badge-info',
  Delivered: 'badge-success',
  Cancelled: 'badge-danger',
};

export const PAYMENT_BADGE: Record<PaymentLabel, string> = {
  Paid: 'badge-success',
  Pending: 'badge-warning',
  Unpaid: 'badge-danger',
  'Refund pending': 'badge-warning',
  Refunded: 'badge-info',
  'Refund failed': 'badge-danger',
};

export function pagerText(page: number, pages: number, total: number): string {
  return `Page ${page} of ${pages} (${total} total orders)`;
}

/**
 * A line's customization as label/value pairs: size, comments and each chosen option, named from
 * the customization library (options are keyed by their id).
 */
export function customizationEntries(
  customization: AdminOrder['products'][number]['customization'] | null | undefined,
  optionNames: ReadonlyMap<string, string> = new Map(),
): [string, string][] {
  if (!customization) return [];
  const entries: [string, string][] = [];
  if (customization.size) entries.push(['Size', customization.size]);
  if (customization.comments) entries.push(['Comments', customization.comments]);
  for (const [key, raw] of Object.entries(customization.dynamicCustomizations ?? {})) {
    // An image option's file is listed with the uploaded files, as a link to it.
    if (isFileValue(raw) && raw.url) continue;
    const value = raw && typeof raw === 'object' && 'value' in raw ? (raw as { value: unknown }).value : raw;
    entries.push([
      optionNames.get(key) ?? key,
      Array.isArray(value)
        ? value.join(', ')
        : typeof value === 'boolean'
          ? value
            ? 'Yes'
            : 'No'
          : String(value ?? ''),
    ]);
  }
  return entries;
}

/** A file on an order line, to open: the uploaded designs and the image options' files. */
export interface LineFile {
  label: string;
  name: string;
  url: string | null;
}

export function lineFiles(
  customization: AdminOrder['products'][number]['customization'] | null | undefined,
  optionNames: ReadonlyMap<string, string> = new Map(),
): LineFile[] {
  if (!customization) return [];
  const files: LineFile[] = [];
  for (const [key, raw] of Object.entries(customization.dynamicCustomizations ?? {})) {
    if (isFileValue(raw) && raw.url)
      files.push({ label: optionNames.get(key) ?? key, name: raw.name || 'Uploaded file', url: raw.url });
  }
  for (const file of customization.uploadedFiles ?? [])
    files.push({ label: 'Design', name: file.name, url: file.url ?? null });
  return files;
}

/** Cash on delivery: placed without payment, paid to the courier at the door. */
export function isCashOnDelivery(order: Pick<AdminOrder, 'paymentDetails'>): boolean {
  return order.paymentDetails?.paymentMethod === CASH_ON_DELIVERY;
}

/**
 * What staff may record of a cash-on-delivery order at the door (the order service's rule): while
 * its cash has not come in and it is not cancelled, that the cash was received; and, before it is
 * delivered, that the customer refused it.
 */
export function codActions(order: Pick<AdminOrder, 'paymentDetails' | 'orderStatus'>): {
  paid: boolean;
  refused: boolean;
} {
  const open =
    isCashOnDelivery(order) &&
    order.paymentDetails?.status === 'pending' &&
    order.orderStatus !== 'Cancelled';
  return { paid: open, refused: open && order.orderStatus !== 'Delivered' };
}

/** What the confirm dialog asks before recording that the cash was received. */
export function codPaidConfirmText(order: Pick<AdminOrder, 'totalAmount' | 'orderStatus'>): string {
  const delivered = order.orderStatus === 'Shipped' ? ' The order moves to Delivered.' : '';
  return `Record that ${formatPrice(order.totalAmount)} was received in cash for this order.${delivered} This cannot be undone.`;
}

export const COD_REFUSED_CONFIRM_TEXT =
  'Record that the customer refused this order at delivery. The order is cancelled and its stock goes back on sale. This cannot be undone.';

export const DOCUMENT_LABELS: Record<DocumentKind, { name: string; action: string }> = {
  invoice: { name: 'Tax invoice', action: 'Download invoice' },
  receipt: { name: 'Receipt', action: 'Download receipt' },
  'credit-note': { name: 'Credit note', action: 'Download credit note' },
};
