import { Injectable } from '@nestjs/common';
import {
  CATEGORY_COLORS,
  CategoryPerformanceEntry,
  CustomerSegments,
  daysFrom,
  DEFAULT_LOW_STOCK_THRESHOLD,
  growthPercent,
  InventoryReport,
  IstMonth,
  MONTH_NAMES,
  MonthlyComparisonEntry,
  monthsFrom,
  PaymentBreakdown,
  percentOf,
  previousWindow,
  ReportMetric,
  ReportQuery,
  ReportReply,
  ReportType,
  ReportWindow,
  ResolvedPeriod,
  resolvePeriod,
  SalesEntry,
  SalesReply,
  shiftMonth,
  toRupees,
  TopProductEntry,
  TopProductsReply,
  UNCATEGORIZED,
} from '@shop/proto';
import { DataSource } from 'typeorm';
import { BUSINESS_SQL, inactiveBefore, statusSql } from '../customers/customer-status.sql';
import { num } from '../common/sql';

/** The sections each report type shows (back-office spec: report type and period really filter). */
const SECTIONS: Record<ReportType, readonly (keyof ReportReply)[]> = {
  overview: ['metrics', 'sales', 'monthlyComparison', 'topProducts', 'categoryPerformance', 'customerSegments'],
  sales: ['metrics', 'sales', 'monthlyComparison', 'payments'],
  products: ['topProducts', 'categoryPerformance'],
  customers: ['metrics', 'customerSegments'],
  inventory: ['inventory'],
};

const LOW_STOCK_LIST_LIMIT = 50;

interface WindowTotals {
  revenuePaise: number;
  orders: number;
  sales: number;
}

const monthLabel = (key: string) => `${MONTH_NAMES[Number(key.slice(5, 7)) - 1]} ${key.slice(0, 4)}`;
const monthOfKey = (key: string): IstMonth => ({ year: Number(key.slice(0, 4)), month: Number(key.slice(5, 7)) });
const keyOfMonth = (m: IstMonth) => `${m.year}-${String(m.month).padStart(2, '0')}`;

/** The months from the one `fromDay` falls in to the one `toDay` falls in, as YYYY-MM. */
function monthsBetween(fromDay: string, toDay: string): string[] {
  return monthsFrom(monthOfKey(fromDay), monthOfKey(toDay)).map(keyOfMonth);
}

/** The reports screen: every figure over the chosen window of whole IST days. */
@Injectable()
export class ReportsService {
  constructor(private readonly dataSource: DataSource) {}

  async report(query: ReportQuery, now = new Date()): Promise<ReportReply> {
    const w = resolvePeriod(query.period, query, now);
    const wanted = new Set(SECTIONS[query.type]);
    const section = <T>(name: keyof ReportReply, load: () => Promise<T>): Promise<T | undefined> =>
      wanted.has(name) ? load() : Promise.resolve(undefined);
    const [metrics, sales, monthlyComparison, topProducts, categoryPerformance, customerSegments, inventory, payments] = await Promise.all([
      section('metrics', () => this.metrics(w)),
      section('sales', () => this.salesEntries(w)),
      section('monthlyComparison', () => this.monthlyComparison(w)),
      section('topProducts', () => this.topProductEntries(w, query.limit)),
      section('categoryPerformance', () => this.categoryPerformance(w)),
      section('customerSegments', () => this.customerSegments(w, now)),
      section('inventory', () => this.inventory()),
      section('payments', () => this.payments(w)),
    ]);
    return {
      success: true,
      type: query.type,
      window: windowView(w),
      ...(metrics && { metrics }),
      ...(sales && { sales }),
      ...(monthlyComparison && { monthlyComparison }),
      ...(payments && { payments }),
      ...(topProducts && { topProducts }),
      ...(categoryPerformance && { categoryPerformance }),
      ...(customerSegments && { customerSegments }),
      ...(inventory && { inventory }),
    };
  }

  async sales(query: ReportQuery, now = new Date()): Promise<SalesReply> {
    const w = resolvePeriod(query.period, query, now);
    const [sales, totals, refundsPaise] = await Promise.all([this.salesEntries(w), this.windowTotals(w), this.refundsPaise(w)]);
    return {
      success: true,
      window: windowView(w),
      sales,
      totals: {
        revenue: toRupees(totals.revenuePaise),
        refunds: toRupees(refundsPaise),
        orders: totals.orders,
        averageOrderValue: toRupees(averagePaise(totals)),
      },
    };
  }

  async topProducts(query: ReportQuery, now = new Date()): Promise<TopProductsReply> {
    const w = resolvePeriod(query.period, query, now);
    return { success: true, window: windowView(w), products: await this.topProductEntries(w, query.limit) };
  }

  /** One entry per day (or per month for long windows), empty ones included. */
  private async salesEntries(w: ResolvedPeriod): Promise<SalesEntry[]> {
    const rows: { key: string; revenue: string; orders: string }[] = await this.dataSource.query(
      `SELECT to_char(${w.bucket === 'day' ? 'day' : `date_trunc('month', day)`}, $3) AS key,
              sum(revenue_paise) AS revenue, sum(orders) AS orders
         FROM daily_sales WHERE day BETWEEN $1 AND $2 GROUP BY 1`,
      [w.fromDay, w.toDay, w.bucket === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM'],
    );
    const byKey = new Map(rows.map((r) => [r.key, r]));
    const keys = w.bucket === 'day' ? daysFrom(w.fromDay, w.toDay) : monthsBetween(w.fromDay, w.toDay);
    return keys.map((key) => ({
      date: key,
      label: w.bucket === 'day' ? key : monthLabel(key),
      revenue: toRupees(num(byKey.get(key)?.revenue)),
      orders: num(byKey.get(key)?.orders),
    }));
  }

  private async windowTotals(w: ResolvedPeriod): Promise<WindowTotals> {
    const [row] = await this.dataSource.query(
      `SELECT coalesce(sum(revenue_paise), 0) AS revenue, coalesce(sum(orders), 0) AS orders, coalesce(sum(sales), 0) AS sales
         FROM daily_sales WHERE day BETWEEN $1 AND $2`,
      [w.fromDay, w.toDay],
    );
    return { revenuePaise: num(row.revenue), orders: num(row.orders), sales: num(row.sales) };
  }

  /** Paise given back within the window, by when the money went back. */
  private async refundsPaise(w: ResolvedPeriod): Promise<number> {
    const [row] = await this.dataSource.query(
      `SELECT coalesce(sum(amount_paise), 0) AS refunds FROM refunds WHERE refunded_at >= $1 AND refunded_at < $2`,
      [w.from, w.to],
    );
    return num(row.refunds);
  }

    private async newCustomers(w: ResolvedPeriod): Promise<number> {
    const [row] = await this.dataSource.query(`SELECT count(*) AS n FROM customers WHERE registered_at >= $1 AND registered_at < $2`, [
      w.from,
      w.to,
    ]);
    return num(row.n);
  }

  /** Each figure over the window against the window of the same length just before it. */
  private async metrics(w: ResolvedPeriod): Promise<NonNullable<ReportReply['metrics']>> {
    const before = previousWindow(w);
    const [now, then, newNow, newThen, refundsNow, refundsThen] = await Promise.all([
      this.windowTotals(w),
      this.windowTotals(before),
      this.newCustomers(w),
      this.newCustomers(before),
      this.refundsPaise(w),
      this.refundsPaise(before),
    ]);
    const metric = (value: number, previous: number, money = false): ReportMetric => ({
      value: money ? toRupees(value) : value,
      previous: money ? toRupees(previous) : previous,
      growth: growthPercent(value, previous),
    });
    return {
      revenue: metric(now.revenuePaise, then.revenuePaise, true),
      refunds: metric(refundsNow, refundsThen, true),
      orders: metric(now.orders, then.orders),
      averageOrderValue: metric(averagePaise(now), averagePaise(then), true),
      newCustomers: metric(newNow, newThen),
    };
  }

  /** Every calendar month the window touches, beside the same month a year before. */
  private async monthlyComparison(w: ResolvedPeriod): Promise<MonthlyComparisonEntry[]> {
    const months = monthsBetween(w.fromDay, w.toDay);
    const rows: { key: string; revenue: string; orders: string }[] = await this.dataSource.query(
      `SELECT to_char(date_trunc('month', day), 'YYYY-MM') AS key, sum(revenue_paise) AS revenue, sum(orders) AS orders
         FROM daily_sales WHERE day >= $1 AND day < $2 GROUP BY 1`,
      [`${keyOfMonth(shiftMonth(monthOfKey(months[0]), -12))}-01`, `${keyOfMonth(shiftMonth(monthOfKey(months[months.length - 1]), 1))}-01`],
    );
    const byKey = new Map(rows.map((r) => [r.key, r]));
    return months.map((key) => {
      const yearBefore = keyOfMonth(shiftMonth(monthOfKey(key), -12));
      return {
        month: key,
        label: monthLabel(key),
        revenue: toRupees(num(byKey.get(key)?.revenue)),
        orders: num(byKey.get(key)?.orders),
        previousYearRevenue: toRupees(num(byKey.get(yearBefore)?.revenue)),
        previousYearOrders: num(byKey.get(yearBefore)?.orders),
      };
    });
  }

  /** Best sellers by units sold in the window (then by revenue), with their current name, price and category. */
  private async topProductEntries(w: ResolvedPeriod, limit: number): Promise<TopProductEntry[]> {
    const rows: { product_id: string; name: string; price_paise: string | null; category: string; sold: string; revenue: string }[] =
      await this.dataSource.query(
        `WITH sold AS (
           SELECT l.product_id, (array_agg(l.name ORDER BY o.created_at DESC))[1] AS line_name,
                  sum(l.quantity) AS sold, sum(l.quantity * l.unit_price_paise) AS revenue
             FROM orders o JOIN order_lines l ON l.order_id = o.order_id
            WHERE o.is_sale AND o.created_at >= $1 AND o.created_at < $2
            GROUP BY l.product_id
            ORDER BY sold DESC, revenue DESC, l.product_id
            LIMIT $3)
         SELECT s.product_id, coalesce(p.name, s.line_name) AS name,
                CASE WHEN p.deleted THEN NULL ELSE p.price_paise END AS price_paise,
                coalesce(nullif(p.category, ''), $4) AS category, s.sold, s.revenue
           FROM sold s LEFT JOIN products p ON p.product_id = s.product_id
          ORDER BY s.sold DESC, s.revenue DESC, s.product_id`,
        [w.from, w.to, limit, UNCATEGORIZED],
      );
    return rows.map((r) => ({
      product: { _id: r.product_id, name: r.name, price: r.price_paise === null ? null : toRupees(num(r.price_paise)), category: r.category },
      totalSold: num(r.sold),
      revenue: toRupees(num(r.revenue)),
    }));
  }

  private async categoryPerformance(w: ResolvedPeriod): Promise<CategoryPerformanceEntry[]> {
    const rows: { category: string; quantity: string; revenue: string; orders: string }[] = await this.dataSource.query(
      `SELECT coalesce(nullif(p.category, ''), $3) AS category, sum(l.quantity) AS quantity,
              sum(l.quantity * l.unit_price_paise) AS revenue, count(DISTINCT o.order_id) AS orders
         FROM orders o JOIN order_lines l ON l.order_id = o.order_id LEFT JOIN products p ON p.product_id = l.product_id
        WHERE o.is_sale AND o.created_at >= $1 AND o.created_at < $2
        GROUP BY 1`,
      [w.from, w.to, UNCATEGORIZED],
    );
    const total = rows.reduce((sum, r) => sum + num(r.quantity), 0);
    return rows
      .map((r) => ({ category: r.category, quantity: num(r.quantity), revenue: toRupees(num(r.revenue)), orders: num(r.orders) }))
      .sort((a, b) => b.quantity - a.quantity || b.revenue - a.revenue || a.category.localeCompare(b.category))
      .map((r, i) => ({ ...r, share: percentOf(r.quantity, total), color: CATEGORY_COLORS[i % CATEGORY_COLORS.length] }));
  }

  /** Segments as of now; who registered and who ordered within the window. */
  private async customerSegments(w: ResolvedPeriod, now: Date): Promise<CustomerSegments> {
    const [[row], [ordering]] = await Promise.all([
      this.dataSource.query(
        `SELECT count(*) FILTER (WHERE status = 'vip') AS vip, count(*) FILTER (WHERE status = 'active') AS active,
                count(*) FILTER (WHERE status = 'inactive') AS inactive, count(*) FILTER (WHERE business) AS business,
                count(*) FILTER (WHERE NOT business) AS individual,
                count(*) FILTER (WHERE registered_at >= $2 AND registered_at < $3) AS new
           FROM (SELECT ${statusSql('$1')} AS status, ${BUSINESS_SQL} AS business, c.registered_at FROM customers c) x`,
        [inactiveBefore(now), w.from, w.to],
      ),
      this.dataSource.query(`SELECT count(DISTINCT user_id) AS n FROM orders WHERE created_at >= $1 AND created_at < $2`, [w.from, w.to]),
    ]);
    return {
      vip: num(row.vip),
      active: num(row.active),
      inactive: num(row.inactive),
      business: num(row.business),
      individual: num(row.individual),
      newInPeriod: num(row.new),
      orderingInPeriod: num(ordering.n),
    };
  }

  /** Stock as it is now: low means at or below the product's own threshold (5 when it sets none). */
  private async inventory(): Promise<InventoryReport> {
    const [[row], low] = await Promise.all([
      this.dataSource.query(
        `SELECT count(*) AS total, count(*) FILTER (WHERE stock > 0) AS in_stock,
                count(*) FILTER (WHERE stock > 0 AND stock <= coalesce(low_stock_threshold, $1)) AS low,
                count(*) FILTER (WHERE stock <= 0) AS out,
                coalesce(sum(price_paise * stock) FILTER (WHERE stock > 0), 0) AS value
           FROM products WHERE NOT deleted`,
        [DEFAULT_LOW_STOCK_THRESHOLD],
      ),
      this.dataSource.query(
        `SELECT product_id, name, stock, coalesce(low_stock_threshold, $1) AS threshold FROM products
          WHERE NOT deleted AND stock <= coalesce(low_stock_threshold, $1)
          ORDER BY stock, name, product_id LIMIT $2`,
        [DEFAULT_LOW_STOCK_THRESHOLD, LOW_STOCK_LIST_LIMIT],
      ) as Promise<{ product_id: string; name: string; stock: number; threshold: number }[]>,
    ]);
    return {
      totalProducts: num(row.total),
      inStock: num(row.in_stock),
      lowStock: num(row.low),
      outOfStock: num(row.out),
      stockValue: toRupees(num(row.value)),
      lowStockProducts: low.map((p) => ({ _id: p.product_id, name: p.name, stock: p.stock, threshold: p.threshold })),
    };
  }

  private async payments(w: ResolvedPeriod): Promise<PaymentBreakdown> {
    const [captured, [failed]] = await Promise.all([
      this.dataSource.query(
        `SELECT coalesce(method, 'unknown') AS method, count(*) AS payments, coalesce(sum(amount_paise), 0) AS amount
           FROM payments WHERE outcome = 'captured' AND at >= $1 AND at < $2
          GROUP BY 1 ORDER BY amount DESC, method`,
        [w.from, w.to],
      ) as Promise<{ method: string; payments: string; amount: string }[]>,
      this.dataSource.query(`SELECT count(*) AS n FROM payments WHERE outcome = 'failed' AND at >= $1 AND at < $2`, [w.from, w.to]),
    ]);
    return {
      captured: captured.map((r) => ({ method: r.method, payments: num(r.payments), amount: toRupees(num(r.amount)) })),
      failedAttempts: num(failed.n),
    };
  }
}

/** Average value of a paid order, whole paise. */
function averagePaise(t: WindowTotals): number {
  return t.sales > 0 ? Math.round(t.revenuePaise / t.sales) : 0;
}

function windowView(w: ResolvedPeriod): ReportWindow {
  return { period: w.period, from: w.fromDay, to: w.toDay, days: w.days, bucket: w.bucket };
}
