import type { ReportReply } from '@shop/proto';

type Cell = string | number | null | undefined;

/**
 * Every cell quoted (back-office spec, section 2). A spreadsheet opens a cell starting with
 * = + - @ (or a tab or return) as a formula: such text is prefixed with an apostrophe so it stays
 * text. Numbers are written as they are, negative ones included.
 */
export function csvCell(value: Cell): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

const money = (rupees: number | null) => (rupees === null ? null : rupees.toFixed(2));

/** The report as the screen shows it: a block per section, a blank row between blocks. */
export function reportCsv(report: ReportReply): string {
  const blocks: Cell[][][] = [
    [
      ['Report', report.type],
      ['From', report.window.from],
      ['To', report.window.to],
    ],
  ];
  if (report.metrics) {
    const m = report.metrics;
    blocks.push([
      ['Metric', 'Value', 'Previous period', 'Growth %'],
      ['Revenue', money(m.revenue.value), money(m.revenue.previous), m.revenue.growth],
      ['Refunds', money(m.refunds.value), money(m.refunds.previous), m.refunds.growth],
      ['Orders', m.orders.value, m.orders.previous, m.orders.growth],
      ['Average order value', money(m.averageOrderValue.value), money(m.averageOrderValue.previous), m.averageOrderValue.growth],
      ['New customers', m.newCustomers.value, m.newCustomers.previous, m.newCustomers.growth],
    ]);
  }
  if (report.sales) {
    blocks.push([['Date', 'Orders', 'Revenue'], ...report.sales.map((s) => [s.date, s.orders, money(s.revenue)])]);
  }
  if (report.monthlyComparison) {
    blocks.push([
      ['Month', 'Revenue', 'Orders', 'Revenue a year before', 'Orders a year before'],
      ...report.monthlyComparison.map((m) => [m.month, money(m.revenue), m.orders, money(m.previousYearRevenue), m.previousYearOrders]),
    ]);
  }
  if (report.payments) {
    blocks.push([
      ['Payment method', 'Payments', 'Amount'],
      ...report.payments.captured.map((p) => [p.method, p.payments, money(p.amount)]),
      ['Failed attempts', report.payments.failedAttempts, null],
    ]);
  }
  if (report.topProducts) {
    blocks.push([
      ['Product', 'Category', 'Price', 'Units sold', 'Revenue'],
      ...report.topProducts.map((p) => [p.product.name, p.product.category, money(p.product.price), p.totalSold, money(p.revenue)]),
    ]);
  }
  if (report.categoryPerformance) {
    blocks.push([
      ['Category', 'Units sold', 'Revenue', 'Orders', 'Share %'],
      ...report.categoryPerformance.map((c) => [c.category, c.quantity, money(c.revenue), c.orders, c.share]),
    ]);
  }
  if (report.customerSegments) {
    const s = report.customerSegments;
    blocks.push([
      ['Segment', 'Customers'],
      ['VIP', s.vip],
      ['Active', s.active],
      ['Inactive', s.inactive],
      ['Business', s.business],
      ['Individual', s.individual],
      ['New in period', s.newInPeriod],
      ['Ordered in period', s.orderingInPeriod],
    ]);
  }
  if (report.inventory) {
    const i = report.inventory;
    blocks.push([
      ['Inventory', 'Value'],
      ['Products', i.totalProducts],
      ['In stock', i.inStock],
      ['Low stock', i.lowStock],
      ['Out of stock', i.outOfStock],
      ['Stock value', money(i.stockValue)],
    ]);
    blocks.push([['Low stock product', 'Stock', 'Threshold'], ...i.lowStockProducts.map((p) => [p.name, p.stock, p.threshold])]);
  }
  const lines = blocks.flatMap((rows, i) => [...(i > 0 ? [''] : []), ...rows.map((row) => row.map(csvCell).join(','))]);
  return lines.join('\r\n') + '\r\n';
}
