import type { OrderView } from '@shop/proto';

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

/** The orders screen's export: one row per order, every cell quoted (back-office spec, section 2). */
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
  ]);
  return [HEADER, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}
