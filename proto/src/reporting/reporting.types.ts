import type { AddressView } from '../user.types';
import type { OrderPaymentStatus, OrderStatus } from '../order/order.constants';
import type { PublicShopSettings } from './settings.schemas';
import type { CustomerStatus, CustomerType, ReportPeriod, ReportType } from './reporting.constants';

/** The four card figures: all-time as of `asOf`. Money in rupees. */
export interface DashboardFigures {
  totalRevenue: number;
  totalOrders: number;
  totalProducts: number;
  totalCustomers: number;
}

export interface TrendMonthPoint {
  month: string;
  /** 1 to 12. */
  monthNumber: number;
  revenue: number;
  orders: number;
}

export interface TrendDayPoint {
  day: number;
  date: string;
  revenue: number;
  orders: number;
}

export interface RevenueTrend {
  year: number;
  month: 'all' | number;
  /** The years orders were placed in, and the current year; newest first. */
  years: number[];
  /** Per month of the year, or per day of the month when a month is chosen. */
  points: TrendMonthPoint[] | TrendDayPoint[];
}

/** A slice of the Sales by Category pie: `value` is the rounded percent of all items sold. */
export interface CategoryShare {
  name: string;
  value: number;
  quantity: number;
  color: string;
}

export interface RecentOrderView {
  _id: string;
  /** 'ORD-' and the last 8 characters of the id, upper-case. */
  displayId: string;
  user: { _id: string; username: string; email: string } | null;
  /** The username, or 'Guest User' when the account is unknown. */
  customerName: string;
  totalAmount: number;
  orderStatus: OrderStatus;
  paymentStatus: OrderPaymentStatus;
  createdAt: string;
}

export interface TopProductView {
  productId: string | null;
  /** 'Unknown Product' when there are no sales or the product's name is unknown. */
  name: string;
  quantity: number;
  revenue: number;
}

export interface PendingActions {
  /** Orders still Pending: placed, waiting for staff to process them. */
  ordersAwaitingProcessing: number;
  /** Products whose stock is at or below their own low-stock threshold (5 when they set none). */
  lowStockProducts: number;
  customerQueriesPending: number;
}

export interface DashboardQuickStats {
  /** Delivered orders as a percent of orders not cancelled. */
  orderFulfillment: number;
  /** The average review rating as a percent of 5 stars. */
  customerSatisfaction: number;
  /** Products in stock as a percent of all products. */
  inventoryLevel: number;
  averageRating: number;
  reviewCount: number;
}

/** `GET /admin2009/dashboard?period=previous_month`: the figures as they stood when the current month began. */
export interface DashboardComparisonReply extends DashboardFigures {
  success: true;
  period: 'previous_month';
  asOf: string;
}

/** `GET /admin2009/dashboard`. */
export interface DashboardReply extends DashboardFigures {
  success: true;
  period: 'current';
  asOf: string;
  /** Percent change of each card figure since the end of last month (the spec's formula). */
  growth: DashboardFigures;
  previousMonth: DashboardFigures;
  pendingOrders: number;
  orderFulfillment: number;
  customerSatisfaction: number;
  inventoryLevel: number;
  pendingCustomerQueries: number;
  quickStats: DashboardQuickStats;
  revenueTrend: RevenueTrend;
  salesByCategory: CategoryShare[];
  recentOrders: RecentOrderView[];
  topProduct: TopProductView;
  pendingActions: PendingActions;
  /** Why a figure is what it is, where a number alone would mislead. */
  notes: { pendingCustomerQueries: string };
}

/** A row of the customers table. Money in rupees. */
export interface CustomerRowView {
  _id: string;
  username: string;
  email: string;
  phone: string | null;
  name: string | null;
  companyName: string | null;
  city: string | null;
  createdAt: string;
  isActive: boolean;
  isAdmin: false;
  totalOrders: number;
  totalSpent: number;
  lastOrderDate: string | null;
  type: CustomerType;
  status: CustomerStatus;
}

export interface CustomerListReply {
  success: true;
  customers: CustomerRowView[];
  total: number;
  page: number;
  pages: number;
  limit: number;
  /** The summary cards, over every customer. */
  summary: { total: number; business: number; individual: number; vip: number; totalRevenue: number };
}

export interface CustomerOrderView {
  _id: string;
  displayId: string;
  totalAmount: number;
  orderStatus: OrderStatus;
  paymentStatus: OrderPaymentStatus;
  createdAt: string;
  items: { productId: string; name: string; quantity: number; price: number }[];
}

export interface CustomerWishlistEntry {
  _id: string;
  name: string | null;
  price: number | null;
  image: string | null;
  addedAt: string;
}

export interface CustomerDetailView extends CustomerRowView {
  orders: CustomerOrderView[];
  wishlist: CustomerWishlistEntry[];
  wishlistCount: number;
  addresses: AddressView[];
  lastLogin: string | null;
}

export interface CustomerDetailReply {
  success: true;
  customer: CustomerDetailView;
}

export interface ReportWindow {
  period: ReportPeriod;
  from: string;
  to: string;
  days: number;
  bucket: 'day' | 'month';
}

/** A point of the sales series: a day (YYYY-MM-DD) or a month (YYYY-MM). */
export interface SalesEntry {
  date: string;
  label: string;
  revenue: number;
  orders: number;
}

export interface SalesReply {
  success: true;
  window: ReportWindow;
  sales: SalesEntry[];
  /** `refunds` (added later): rupees given back in the window, beside revenue. */
  totals: { revenue: number; refunds: number; orders: number; averageOrderValue: number };
}

export interface TopProductEntry {
  product: { _id: string; name: string; price: number | null; category: string };
  totalSold: number;
  revenue: number;
}

export interface TopProductsReply {
  success: true;
  window: ReportWindow;
  products: TopProductEntry[];
}

export interface ReportMetric {
  value: number;
  previous: number;
  growth: number;
}

export interface MonthlyComparisonEntry {
  month: string;
  label: string;
  revenue: number;
  orders: number;
  previousYearRevenue: number;
  previousYearOrders: number;
}

export interface CategoryPerformanceEntry {
  category: string;
  quantity: number;
  revenue: number;
  orders: number;
  share: number;
  color: string;
}

export interface CustomerSegments {
  vip: number;
  active: number;
  inactive: number;
  business: number;
  individual: number;
  newInPeriod: number;
  orderingInPeriod: number;
}

export interface InventoryReport {
  totalProducts: number;
  inStock: number;
  lowStock: number;
  outOfStock: number;
  /** Rupees: price times units in stock. */
  stockValue: number;
  lowStockProducts: { _id: string; name: string; stock: number; threshold: number }[];
}

export interface PaymentBreakdown {
  captured: { method: string; payments: number; amount: number }[];
  failedAttempts: number;
}

/** `GET /admin2009/reports`: the sections of the chosen report type, over the chosen window. */
export interface ReportReply {
  success: true;
  type: ReportType;
  window: ReportWindow;
  /**
   * `refunds` (added later): rupees given back in the window. Revenue counts paid orders that stand,
   * so a paid order staff cancel leaves revenue when it is cancelled and its refund shows here.
   */
  metrics?: { revenue: ReportMetric; refunds: ReportMetric; orders: ReportMetric; averageOrderValue: ReportMetric; newCustomers: ReportMetric };
  sales?: SalesEntry[];
  monthlyComparison?: MonthlyComparisonEntry[];
  payments?: PaymentBreakdown;
  topProducts?: TopProductEntry[];
  categoryPerformance?: CategoryPerformanceEntry[];
  customerSegments?: CustomerSegments;
  inventory?: InventoryReport;
}

export interface ReportExport {
  filename: string;
  csv: string;
}

/** Settings as the back office reads them: the key secret only masked. */
export interface SettingsView extends PublicShopSettings {
  razorpayKeySecret: string;
  razorpayKeySecretSet: boolean;
}

export interface SettingsReply {
  success: true;
  settings: SettingsView;
  updatedAt: string;
  message?: string;
}

/** `admin.settings.current`: what the gateway keeps of the settings (no secret). */
export interface CurrentSettingsReply {
  settings: PublicShopSettings;
  updatedAt: string;
}

/**
 * `admin.settings.keySecret`: the Razorpay key secret as the back office stored it (null: none), for
 * the payment service, which signs and verifies live payments with it.
 */
export interface KeySecretReply {
  razorpayKeySecret: string | null;
}

export type RebuildState = 'running' | 'succeeded' | 'failed';

export interface RebuildRunView {
  id: string;
  state: RebuildState;
  startedAt: string;
  finishedAt: string | null;
  counts: { customers: number; products: number; reviews: number; orders: number };
  error: string | null;
}

export interface RebuildReply {
  success: true;
  message: string;
  run: RebuildRunView | null;
}
