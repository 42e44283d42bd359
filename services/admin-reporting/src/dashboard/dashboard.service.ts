import { Injectable } from '@nestjs/common';
import {
  DashboardComparisonReply,
  DashboardFigures,
  DashboardQuery,
  DashboardReply,
  DEFAULT_LOW_STOCK_THRESHOLD,
  GUEST_USER,
  growthPercent,
  istDay,
  istMonthOf,
  istMonthStart,
  NO_QUERY_INBOX_NOTE,
  OrderPaymentStatus,
  OrderStatus,
  percentOf,
  RECENT_ORDERS_LIMIT_DASHBOARD,
  RecentOrderView,
  RevenueTrend,
  shiftMonth,
  toRupees,
  TopProductView,
  UNCATEGORIZED,
  UNKNOWN_PRODUCT,
} from '@shop/proto';
import { DataSource } from 'typeorm';
import { num } from '../common/sql';
import { BucketRow, categoryShares, dayPoints, displayOrderId, monthPoints } from './dashboard-figures';

/** The card totals, in paise before they become rupees. */
interface Totals {
  revenuePaise: number;
  orders: number;
  products: number;
  customers: number;
}

interface OrderFigures {
  now: { revenuePaise: number; orders: number };
  monthStart: { revenuePaise: number; orders: number };
  pending: number;
  delivered: number;
  cancelled: number;
  years: number[];
}

interface CatalogFigures {
  now: number;
  monthStart: number;
  inStock: number;
  low: number;
}

interface PeopleFigures {
  now: number;
  monthStart: number;
  reviews: number;
  averageRating: number;
}

interface ProductSalesRow {
  product_id: string;
  name: string | null;
  category: string;
  quantity: string;
  revenue: string;
}

/**
 * The dashboard, from the read models and their aggregates: no figure is computed from more than a
 * few thousand rows, whatever the number of orders, and the whole dashboard is six queries. The
 * card figures are all-time totals; the comparison figures are the same totals as they stood when
 * the current IST month began, and the growth is the spec's percent change between the two.
 */
@Injectable()
export class DashboardService {
  constructor(private readonly dataSource: DataSource) {}

  async dashboard(query: DashboardQuery, now = new Date()): Promise<DashboardReply | DashboardComparisonReply> {
    const monthStart = istMonthStart(istMonthOf(now));
    if (query.period === 'previous_month') {
      const [orders, catalog, people] = await Promise.all([this.orderFigures(monthStart), this.catalogFigures(monthStart), this.peopleFigures(monthStart)]);
      return { success: true, period: 'previous_month', asOf: monthStart.toISOString(), ...figures(totalsAt('monthStart', orders, catalog, people)) };
    }
    const [orders, catalog, people, trendRows, productSales, recentOrders] = await Promise.all([
      this.orderFigures(monthStart),
      this.catalogFigures(monthStart),
      this.peopleFigures(monthStart),
      this.trendRows(query, now),
      this.productSales(),
      this.recentOrders(),
    ]);
    const current = totalsAt('now', orders, catalog, people);
    const previous = totalsAt('monthStart', orders, catalog, people);
    const orderFulfillment = percentOf(orders.delivered, orders.now.orders - orders.cancelled);
    const customerSatisfaction = people.reviews > 0 ? Math.round((people.averageRating / 5) * 100) : 0;
    const inventoryLevel = percentOf(catalog.inStock, catalog.now);
    const thisYear = istMonthOf(now).year;
    const trend: RevenueTrend = {
      year: query.year ?? thisYear,
      month: query.month,
      years: [...new Set([thisYear, ...orders.years])].sort((a, b) => b - a),
      points: query.month === 'all' ? monthPoints(trendRows) : dayPoints({ year: query.year ?? thisYear, month: query.month }, trendRows),
    };
    return {
      success: true,
      period: 'current',
      asOf: now.toISOString(),
      ...figures(current),
      growth: {
        totalRevenue: growthPercent(current.revenuePaise, previous.revenuePaise),
        totalOrders: growthPercent(current.orders, previous.orders),
        totalProducts: growthPercent(current.products, previous.products),
        totalCustomers: growthPercent(current.customers, previous.customers),
      },
      previousMonth: figures(previous),
      pendingOrders: orders.pending,
      orderFulfillment,
      customerSatisfaction,
      inventoryLevel,
      pendingCustomerQueries: 0,
      quickStats: {
        orderFulfillment,
        customerSatisfaction,
        inventoryLevel,
        averageRating: Math.round(people.averageRating * 100) / 100,
        reviewCount: people.reviews,
      },
      revenueTrend: trend,
      salesByCategory: categoryShares(categoryQuantities(productSales)),
      recentOrders,
      topProduct: topProduct(productSales),
      pendingActions: { ordersAwaitingProcessing: orders.pending, lowStockProducts: catalog.low, customerQueriesPending: 0 },
      notes: { pendingCustomerQueries: NO_QUERY_INBOX_NOTE },
    };
  }

  /** Revenue (sales only) and orders now and before this month, the status counts, and the years with orders. */
  private async orderFigures(monthStart: Date): Promise<OrderFigures> {
    const [row] = await this.dataSource.query(
      `SELECT coalesce(sum(revenue_paise), 0) AS revenue, coalesce(sum(orders), 0) AS orders,
              coalesce(sum(revenue_paise) FILTER (WHERE day < $1), 0) AS revenue_before,
              coalesce(sum(orders) FILTER (WHERE day < $1), 0) AS orders_before,
              coalesce(sum(pending), 0) AS pending, coalesce(sum(delivered), 0) AS delivered,
              coalesce(sum(cancelled), 0) AS cancelled,
              coalesce(array_agg(DISTINCT extract(year FROM day)::int) FILTER (WHERE orders > 0), '{}') AS years
         FROM daily_sales`,
      [istDay(monthStart)],
    );
    return {
      now: { revenuePaise: num(row.revenue), orders: num(row.orders) },
      monthStart: { revenuePaise: num(row.revenue_before), orders: num(row.orders_before) },
      pending: num(row.pending),
      delivered: num(row.delivered),
      cancelled: num(row.cancelled),
      years: row.years,
    };
  }

  /** Live products now and before this month, in stock, and low by their own threshold (5 when they set none). */
  private async catalogFigures(monthStart: Date): Promise<CatalogFigures> {
    const [row] = await this.dataSource.query(
      `SELECT count(*) AS total, count(*) FILTER (WHERE created_at < $1) AS before, count(*) FILTER (WHERE stock > 0) AS in_stock,
              count(*) FILTER (WHERE stock <= coalesce(low_stock_threshold, $2)) AS low
         FROM products WHERE NOT deleted`,
      [monthStart, DEFAULT_LOW_STOCK_THRESHOLD],
    );
    return { now: num(row.total), monthStart: num(row.before), inStock: num(row.in_stock), low: num(row.low) };
  }

  /** Customers now and before this month, and the reviews' ratings. */
  private async peopleFigures(monthStart: Date): Promise<PeopleFigures> {
    const [row] = await this.dataSource.query(
      `SELECT (SELECT count(*) FROM customers) AS customers,
              (SELECT count(*) FROM customers WHERE registered_at < $1) AS customers_before,
              (SELECT count(*) FROM reviews) AS reviews,
              (SELECT avg(rating)::float8 FROM reviews) AS average`,
      [monthStart],
    );
    return { now: num(row.customers), monthStart: num(row.customers_before), reviews: num(row.reviews), averageRating: num(row.average) };
  }

  /** Per month of a year, or per day of one month. */
  private async trendRows(query: DashboardQuery, now: Date): Promise<BucketRow[]> {
    const year = query.year ?? istMonthOf(now).year;
    const month = query.month;
    const range =
      month === 'all'
        ? { from: `${year}-01-01`, to: `${year + 1}-01-01`, bucket: 'month' }
        : { from: istDay(istMonthStart({ year, month })), to: istDay(istMonthStart(shiftMonth({ year, month }, 1))), bucket: 'day' };
    const rows: { bucket: number; revenue: string; orders: string }[] = await this.dataSource.query(
      `SELECT extract(${range.bucket} FROM day)::int AS bucket, sum(revenue_paise) AS revenue, sum(orders) AS orders
         FROM daily_sales WHERE day >= $1 AND day < $2 GROUP BY 1`,
      [range.from, range.to],
    );
    return rows.map((r) => ({ bucket: r.bucket, revenuePaise: num(r.revenue), orders: num(r.orders) }));
  }

  /** Every product sold, with its current name and category: the pie and the top product both read it. */
  private productSales(): Promise<ProductSalesRow[]> {
    return this.dataSource.query(
      `SELECT s.product_id, coalesce(p.name, nullif(s.name, '')) AS name, coalesce(nullif(p.category, ''), $1) AS category,
              s.quantity, s.revenue_paise AS revenue
         FROM product_sales s LEFT JOIN products p ON p.product_id = s.product_id
        WHERE s.quantity > 0`,
      [UNCATEGORIZED],
    );
  }

  private async recentOrders(): Promise<RecentOrderView[]> {
    const rows: {
      order_id: string;
      user_id: string;
      username: string | null;
      email: string | null;
      total_paise: string;
      status: OrderStatus;
      payment_status: OrderPaymentStatus;
      created_at: Date;
    }[] = await this.dataSource.query(
      `SELECT o.order_id, o.user_id, c.username, c.email, o.total_paise, o.status, o.payment_status, o.created_at
         FROM orders o LEFT JOIN customers c ON c.user_id = o.user_id
        WHERE o.created_at IS NOT NULL
        ORDER BY o.created_at DESC, o.order_id DESC
        LIMIT $1`,
      [RECENT_ORDERS_LIMIT_DASHBOARD],
    );
    return rows.map((r) => ({
      _id: r.order_id,
      displayId: displayOrderId(r.order_id),
      user: r.username ? { _id: r.user_id, username: r.username, email: r.email ?? '' } : null,
      customerName: r.username ?? GUEST_USER,
      totalAmount: toRupees(num(r.total_paise)),
      orderStatus: r.status,
      paymentStatus: r.payment_status,
      createdAt: r.created_at.toISOString(),
    }));
  }
}

function totalsAt(when: 'now' | 'monthStart', orders: OrderFigures, catalog: CatalogFigures, people: PeopleFigures): Totals {
  return { revenuePaise: orders[when].revenuePaise, orders: orders[when].orders, products: catalog[when], customers: people[when] };
}

function figures(t: Totals): DashboardFigures {
  return { totalRevenue: toRupees(t.revenuePaise), totalOrders: t.orders, totalProducts: t.products, totalCustomers: t.customers };
}

function categoryQuantities(rows: readonly ProductSalesRow[]): { category: string; quantity: number }[] {
  const byCategory = new Map<string, number>();
  for (const r of rows) byCategory.set(r.category, (byCategory.get(r.category) ?? 0) + num(r.quantity));
  return [...byCategory].map(([category, quantity]) => ({ category, quantity }));
}

/** The highest sum of quantity times price; ties go to more units, then the lower id. */
function topProduct(rows: readonly ProductSalesRow[]): TopProductView {
  const [best] = [...rows].sort(
    (a, b) => num(b.revenue) - num(a.revenue) || num(b.quantity) - num(a.quantity) || a.product_id.localeCompare(b.product_id),
  );
  if (!best) return { productId: null, name: UNKNOWN_PRODUCT, quantity: 0, revenue: 0 };
  return { productId: best.product_id, name: best.name ?? UNKNOWN_PRODUCT, quantity: num(best.quantity), revenue: toRupees(num(best.revenue)) };
}
