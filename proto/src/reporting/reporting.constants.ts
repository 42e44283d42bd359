/** Customer status and type (back-office spec, sections 4 and 9). */
export const VIP_MIN_SPENT_EXCLUSIVE_RUPEES = 100_000;
export const VIP_MIN_ORDERS_EXCLUSIVE = 20;
export const INACTIVE_AFTER_DAYS = 90;

export const CUSTOMER_STATUSES = ['vip', 'active', 'inactive'] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];
export const CUSTOMER_TYPES = ['business', 'individual'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

/** The customers table's page: the screen pages through the read model, never the whole list. */
export const CUSTOMERS_PAGE_SIZE = 20;
export const CUSTOMERS_MAX_PAGE_SIZE = 100;
/** The order history the customer page shows; older orders are counted, not listed. */
export const CUSTOMER_ORDER_HISTORY_LIMIT = 100;

/**
 * What every Total Revenue figure of the back office counts, said under each: the dashboard's
 * (admin-reporting's `daily_sales`), the customers list's (the sum of `customer_stats`) and the
 * orders list's (the order service's summary) all add up the totals of orders that are paid and
 * not cancelled. A cancelled paid order is refunded, so it leaves the figure when it is cancelled;
 * an unpaid order never enters it. (The spec counts every order's total; staff asked for money taken.)
 */
export const REVENUE_COUNTS = 'Paid orders, excluding cancelled and refunded ones';

/** India keeps one time zone without daylight saving: months and days are counted in IST. */
export const SHOP_TIME_ZONE = 'Asia/Kolkata';
export const IST_OFFSET_MINUTES = 330;

/** The Sales by Category pie: these seven colours, cycling (back-office spec, section 9). */
export const CATEGORY_COLORS = ['#3B82F6', '#10B981', '#F59E0B', '#EF4444', '#8B5CF6', '#EC4899', '#14B8A6'] as const;
/** A line whose product the read model does not know (never seen, or deleted without trace). */
export const UNCATEGORIZED = 'Uncategorized';
export const UNKNOWN_PRODUCT = 'Unknown Product';
export const GUEST_USER = 'Guest User';

export const RECENT_ORDERS_LIMIT_DASHBOARD = 5;
export const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** Reports screen filters (back-office spec, section 2). */
export const REPORT_TYPES = ['overview', 'sales', 'products', 'customers', 'inventory'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const REPORT_PERIODS = ['7d', '30d', '90d', '6m', '1y', 'custom'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const DEFAULT_REPORT_PERIOD: ReportPeriod = '30d';
/** Periods up to this many days are charted per day; longer ones per month. */
export const DAILY_BUCKETS_MAX_DAYS = 92;
export const CUSTOM_PERIOD_MAX_DAYS = 3 * 366;
export const TOP_PRODUCTS_LIMIT = 5;
export const TOP_PRODUCTS_MAX_LIMIT = 50;

/**
 * The shop has no inbox for customer queries (no contact form stores them), so none can be
 * pending: the dashboard says so instead of showing an invented number.
 */
export const NO_QUERY_INBOX_NOTE = 'The shop has no customer query inbox yet, so no customer queries can be pending.';

export const REPORTING_MESSAGES = {
  customerNotFound: 'Customer not found',
  customerDeactivated: 'Customer deactivated successfully',
  invalidCustomerId: 'Invalid customer ID',
  reportType: 'Report type must be one of overview, sales, products, customers or inventory',
  period: 'Period must be one of 7d, 30d, 90d, 6m, 1y or custom',
  customRange: 'A custom period needs from and to dates as YYYY-MM-DD',
  date: 'Dates must be given as YYYY-MM-DD',
  rangeOrder: 'The start date must not be after the end date',
  rangeTooLong: 'A custom period can span at most 3 years',
  dashboardPeriod: "Period must be 'current' or 'previous_month'",
  year: 'Year must be a whole number between 2000 and 2100',
  month: "Month must be 'all' or a number from 1 to 12",
  customerType: "Type must be 'all', 'business' or 'individual'",
  customerStatus: "Status must be 'all', 'vip', 'active' or 'inactive'",
  search: 'Search must be at most 100 characters',
  settingsUpdated: 'Settings updated successfully',
  rebuildStarted: 'Rebuilding the read models from the owning services',
  rebuildRunning: 'A rebuild is already running',
} as const;
