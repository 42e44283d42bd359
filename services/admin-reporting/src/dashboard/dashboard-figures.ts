import {
  CATEGORY_COLORS,
  CategoryShare,
  daysInMonth,
  IstMonth,
  MONTH_NAMES,
  percentOf,
  toRupees,
  TrendDayPoint,
  TrendMonthPoint,
} from '@shop/proto';

/**
 * The Sales by Category pie: each category's share of all items sold, as a rounded percent, largest
 * first (ties by name), coloured from the seven colours in turn.
 */
export function categoryShares(rows: readonly { category: string; quantity: number }[]): CategoryShare[] {
  const total = rows.reduce((sum, r) => sum + r.quantity, 0);
  return [...rows]
    .filter((r) => r.quantity > 0)
    .sort((a, b) => b.quantity - a.quantity || a.category.localeCompare(b.category))
    .map((r, i) => ({
      name: r.category,
      value: percentOf(r.quantity, total),
      quantity: r.quantity,
      color: CATEGORY_COLORS[i % CATEGORY_COLORS.length],
    }));
}

export interface BucketRow {
  /** Month 1-12 or day of month 1-31. */
  bucket: number;
  revenuePaise: number;
  orders: number;
}

/** Twelve points, one per month, months without orders at zero. */
export function monthPoints(rows: readonly BucketRow[]): TrendMonthPoint[] {
  const byMonth = new Map(rows.map((r) => [r.bucket, r]));
  return MONTH_NAMES.map((month, i) => ({
    month,
    monthNumber: i + 1,
    revenue: toRupees(byMonth.get(i + 1)?.revenuePaise ?? 0),
    orders: byMonth.get(i + 1)?.orders ?? 0,
  }));
}

/** One point per day of the month, days without orders at zero. */
export function dayPoints(month: IstMonth, rows: readonly BucketRow[]): TrendDayPoint[] {
  const byDay = new Map(rows.map((r) => [r.bucket, r]));
  const prefix = `${month.year}-${String(month.month).padStart(2, '0')}`;
  return Array.from({ length: daysInMonth(month) }, (_, i) => ({
    day: i + 1,
    date: `${prefix}-${String(i + 1).padStart(2, '0')}`,
    revenue: toRupees(byDay.get(i + 1)?.revenuePaise ?? 0),
    orders: byDay.get(i + 1)?.orders ?? 0,
  }));
}

/** 'ORD-' and the last 8 characters of the id, upper-case (back-office spec, section 9). */
export const displayOrderId = (id: string) => `ORD-${id.slice(-8).toUpperCase()}`;
