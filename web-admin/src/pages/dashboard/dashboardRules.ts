import {
  CATEGORY_COLORS,
  GUEST_USER,
  RECENT_ORDERS_LIMIT_DASHBOARD,
  REVENUE_COUNTS,
  UNKNOWN_PRODUCT,
  type CategoryShare,
  type DashboardFigures,
  type RevenueTrend,
  type TrendDayPoint,
  type TrendMonthPoint,
} from '@shop/proto';
import type { AdminOrder } from '../../api/orders';
import { growthPercent } from '../../lib/growth';

export const DASHBOARD_MESSAGES = {
  loadFailed: 'Failed to load dashboard data. Please try again.',
  noCategorySales: 'No sales by category yet',
  noOrders: 'No orders yet',
  gstinMissing:
    'Tax invoices need your GSTIN. Until you add it in Settings, paid orders get receipts instead of tax invoices.',
} as const;

export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** The Recent Orders list: the newest orders, page 1, limit 5 (back-office spec, section 9). */
export const RECENT_ORDERS_QUERY = { page: 1, limit: RECENT_ORDERS_LIMIT_DASHBOARD } as const;

/** Quick-stat bars read as a warning below 20 percent. */
export const LOW_STAT_PERCENT = 20;

export interface MetricCard {
  key: keyof DashboardFigures;
  label: string;
  value: number;
  /** Percent change from last month (the spec's growth rule). */
  growth: number;
  money: boolean;
  /** What the figure counts, when its label alone does not say. */
  note?: string;
}

/** The four cards, each compared with the figures as they stood when this month began. */
export function metricCards(current: DashboardFigures, previous: DashboardFigures): MetricCard[] {
  const card = (key: keyof DashboardFigures, label: string, money = false, note?: string): MetricCard => ({
    key,
    label,
    value: current[key],
    growth: growthPercent(current[key], previous[key]),
    money,
    ...(note && { note }),
  });
  return [
    card('totalRevenue', 'Total Revenue', true, REVENUE_COUNTS),
    card('totalOrders', 'Orders'),
    card('totalProducts', 'Products'),
    card('totalCustomers', 'Customers'),
  ];
}

/** '+12.5%' or '-3%': the sign says which way the figure moved. */
export function growthText(growth: number): string {
  return `${growth > 0 ? '+' : ''}${growth}%`;
}

export interface TrendBar {
  label: string;
  revenue: number;
  orders: number;
}

const isDayPoint = (point: TrendMonthPoint | TrendDayPoint): point is TrendDayPoint => 'day' in point;

/** The trend as bars: one per month of the year, or one per day of the chosen month. */
export function trendBars(trend: RevenueTrend): TrendBar[] {
  return (trend.points as (TrendMonthPoint | TrendDayPoint)[]).map((point) => ({
    label: isDayPoint(point) ? String(point.day) : point.month,
    revenue: point.revenue,
    orders: point.orders,
  }));
}

export interface CategorySlice extends CategoryShare {
  fill: string;
}

/** Pie slices coloured from the seven category colours, cycling. */
export function categorySlices(shares: CategoryShare[]): CategorySlice[] {
  return shares.map((share, index) => ({ ...share, fill: CATEGORY_COLORS[index % CATEGORY_COLORS.length] }));
}

/** The recent-orders list names the customer by username, or 'Guest User'. */
export function recentCustomer(order: AdminOrder): string {
  return order.user?.username || GUEST_USER;
}

export function topProductName(name: string | null | undefined): string {
  return name?.trim() || UNKNOWN_PRODUCT;
}

export function isLowStat(percent: number): boolean {
  return percent < LOW_STAT_PERCENT;
}
