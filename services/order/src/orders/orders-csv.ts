import { OrderRefundView, OrderView, toPaise, toRupees } from '@shop/proto';

const HEADER = [
  'Order ID',
  'Customer',
  'Email',
  'Date',
  'Status',
  'Payment',
  'Amount',
  'Items',
  'Tracking Number',
  'Refund Status',
  'Refunded',
  'Payment Method',
  'Shipping',
  'GSTIN',
  'Company',
];

/**
 * A spreadsheet opens a cell starting with = + - @ (or a tab or return) as a formula: such text is
 * prefixed with an apostrophe so it stays text.
 */
function cell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * Where the order's refunds stand: a failed one first (staff must act), then one under way, then
 * processed; empty for an order nothing is refunded for.
 */
function refundStatus(refunds: readonly OrderRefundView[]): string {
  const states = new Set(refunds.map((r) => r.status ?? 'processed'));
  return (['failed', 'pending', 'processed'] as const).find((s) => states.has(s)) ?? '';
}

/** Rupees given back so far. */
const refunded = (refunds: readonly OrderRefundView[]) =>
  refunds.reduce((sum, r) => ((r.status ?? 'processed') === 'processed' ? sum + toPaise(r.amount) : sum), 0);

/**
 * The orders screen's export: one row per order, every cell quoted (back-office spec, section 2).
 * Issue 30's columns come last, so a sheet reading the earlier ones by position still reads them.
 */
export function ordersCsv(orders: readonly OrderView[]): string {
  const rows = orders.map((o) => [
    o._id,
    o.user.username ?? o.shippingAddress.fullName,
    o.user.email,
    o.createdAt,
    o.orderStatus,
    o.paymentDetails.status,
    o.totalAmount.toFixed(2),
    o.products.map((p) => `${p.name} x ${p.quantity}`).join('; '),
    o.trackingNumber,
    refundStatus(o.refunds ?? []),
    toRupees(refunded(o.refunds ?? [])).toFixed(2),
    o.paymentDetails.paymentMethod,
    o.shippingMethod,
    o.gstin,
    o.companyName,
  ]);
  return [HEADER, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}
