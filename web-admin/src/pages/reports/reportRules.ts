import {
  CATEGORY_COLORS,
  DEFAULT_REPORT_PERIOD,
  reportQuerySchema,
  type CustomerSegments,
  type ReportPeriod,
  type ReportType,
  type ReportWindow,
  type SalesEntry,
} from '@shop/proto';
import type { ReportParams } from '../../api/reports';
import { formatDate } from '@shop/web-kit/format';

export const REPORT_MESSAGES = {
  loadFailed: 'Failed to load the report. Please try again.',
  exportFailed: 'Failed to export the report',
  noSales: 'No sales in this period',
  noProducts: 'No products sold in this period',
} as const;

export const REPORT_TYPE_OPTIONS: { value: ReportType; label: string }[] = [
  { value: 'overview', label: 'Overview' },
  { value: 'sales', label: 'Sales' },
  { value: 'products', label: 'Products' },
  { value: 'customers', label: 'Customers' },
  { value: 'inventory', label: 'Inventory' },
];

export const PERIOD_OPTIONS: { value: ReportPeriod; label: string }[] = [
  { value: '7d', label: 'Last 7 Days' },
  { value: '30d', label: 'Last 30 Days' },
  { value: '90d', label: 'Last 90 Days' },
  { value: '6m', label: 'Last 6 Months' },
  { value: '1y', label: 'Last Year' },
  { value: 'custom', label: 'Custom Range' },
];

export const DEFAULT_FILTERS = {
  type: 'overview' as ReportType,
  period: DEFAULT_REPORT_PERIOD,
  from: '',
  to: '',
};
export type ReportFilters = typeof DEFAULT_FILTERS;

/**
 * The filters as the server's query, checked by the same schema the server uses: a custom range
 * needs both days, in order, at most 3 years apart.
 */
export function reportParams(filters: ReportFilters): { params: ReportParams } | { problem: string } {
  const custom = filters.period === 'custom';
  const params: ReportParams = {
    type: filters.type,
    period: filters.period,
    ...(custom ? { from: filters.from || undefined, to: filters.to || undefined } : {}),
  };
  const checked = reportQuerySchema.safeParse(params);
  return checked.success ? { params } : { problem: checked.error.issues[0].message };
}

/** '1 Jun 2025 – 30 Jun 2025 (30 days)'. */
export function windowText(window: ReportWindow): string {
  const days = window.days === 1 ? '1 day' : `${window.days} days`;
  return `${formatDate(`${window.from}T00:00:00`)} – ${formatDate(`${window.to}T00:00:00`)} (${days})`;
}

const shortDay = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short' });

/** Daily points read '5 Jun'; monthly points keep the server's 'Jun 2025'. */
export function salesPoints(sales: SalesEntry[], bucket: ReportWindow['bucket']) {
  return sales.map((entry) => ({
    ...entry,
    label: bucket === 'day' ? shortDay.format(new Date(`${entry.date}T00:00:00`)) : entry.label,
  }));
}

export interface Slice {
  name: string;
  value: number;
  fill: string;
}

/** The customer segment pie: VIP, active and inactive customers. */
export function segmentSlices(segments: CustomerSegments): Slice[] {
  return [
    { name: 'VIP', value: segments.vip },
    { name: 'Active', value: segments.active },
    { name: 'Inactive', value: segments.inactive },
  ].map((slice, index) => ({ ...slice, fill: CATEGORY_COLORS[index] }));
}

export function growthLabel(growth: number): string {
  return `${growth > 0 ? '+' : ''}${growth}% vs previous period`;
}
