import { z } from 'zod';
import { daysBetween } from './ist-calendar';
import { BOUNDS_MESSAGES, isCalendarDay, isDayInRange, limitParam, pageParam } from '../validation/bounds';
import {
  CUSTOM_PERIOD_MAX_DAYS,
  CUSTOMER_STATUSES,
  CUSTOMER_TYPES,
  CUSTOMERS_MAX_PAGE_SIZE,
  CUSTOMERS_PAGE_SIZE,
  DEFAULT_REPORT_PERIOD,
  REPORT_PERIODS,
  REPORT_TYPES,
  REPORTING_MESSAGES as M,
  TOP_PRODUCTS_LIMIT,
  TOP_PRODUCTS_MAX_LIMIT,
} from './reporting.constants';

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const lower = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v);
/** "all" in a filter means no filter. */
const allOrBlank = (v: unknown) => blank(v) || lower(v) === 'all';

const wholeNumber = (message: string, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.number({ invalid_type_error: message, required_error: message }).int(message).min(min, message).max(max, message);

const numeric = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v);

/** `GET /admin2009/dashboard`: `period=previous_month` for the comparison figures, and the trend's year and month. */
export const dashboardQuerySchema = z.object({
  period: z.preprocess(
    (v) => (blank(v) ? 'current' : lower(v) === 'current_month' ? 'current' : lower(v)),
    z.enum(['current', 'previous_month'], { errorMap: () => ({ message: M.dashboardPeriod }) }),
  ),
  year: z.preprocess((v) => (blank(v) ? undefined : numeric(v)), wholeNumber(M.year, 2000, 2100).optional()),
  month: z.preprocess(
    (v) => (allOrBlank(v) ? 'all' : numeric(v)),
    z.union([z.literal('all'), wholeNumber(M.month, 1, 12)], { errorMap: () => ({ message: M.month }) }),
  ),
});
export type DashboardQuery = z.output<typeof dashboardQuerySchema>;

/** `GET /admin2009/customers`: search, type and status filters, and a page. */
export const customerListQuerySchema = z.object({
  search: z.preprocess((v) => (blank(v) ? undefined : v), z.string().trim().max(100, M.search).optional()),
  type: z.preprocess(
    (v) => (allOrBlank(v) ? undefined : lower(v)),
    z.enum(CUSTOMER_TYPES, { errorMap: () => ({ message: M.customerType }) }).optional(),
  ),
  status: z.preprocess(
    (v) => (allOrBlank(v) ? undefined : lower(v)),
    z.enum(CUSTOMER_STATUSES, { errorMap: () => ({ message: M.customerStatus }) }).optional(),
  ),
  page: pageParam(),
  limit: limitParam(CUSTOMERS_PAGE_SIZE, CUSTOMERS_MAX_PAGE_SIZE),
});
export type CustomerListQuery = z.output<typeof customerListQuerySchema>;

export const customerIdSchema = z.object({
  id: z.string({ required_error: M.invalidCustomerId, invalid_type_error: M.invalidCustomerId }).trim().uuid(M.invalidCustomerId),
});

const day = z.preprocess(
  (v) => (blank(v) ? undefined : v),
  z
    .string({ invalid_type_error: M.date })
    .trim()
    .refine((v) => isCalendarDay(v), M.date)
    .refine((v) => !isCalendarDay(v) || isDayInRange(v), BOUNDS_MESSAGES.dayOutOfRange)
    .optional(),
);

/**
 * The reports screen's filters: report type and period (`custom` with `from` and `to`, whole IST
 * days). Both change what is reported.
 */
export const reportQuerySchema = z
  .object({
    type: z.preprocess(
      (v) => (blank(v) ? 'overview' : lower(v)),
      z.enum(REPORT_TYPES, { errorMap: () => ({ message: M.reportType }) }),
    ),
    period: z.preprocess(
      (v) => (blank(v) ? DEFAULT_REPORT_PERIOD : lower(v)),
      z.enum(REPORT_PERIODS, { errorMap: () => ({ message: M.period }) }),
    ),
    from: day,
    to: day,
    limit: limitParam(TOP_PRODUCTS_LIMIT, TOP_PRODUCTS_MAX_LIMIT),
  })
  .superRefine((q, ctx) => {
    if (q.period !== 'custom') return;
    if (!q.from || !q.to) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: M.customRange, path: [q.from ? 'to' : 'from'] });
      return;
    }
    if (!isCalendarDay(q.from) || !isCalendarDay(q.to)) return;
    const span = daysBetween(q.from, q.to);
    if (span < 0) ctx.addIssue({ code: z.ZodIssueCode.custom, message: M.rangeOrder, path: ['from'] });
    else if (span + 1 > CUSTOM_PERIOD_MAX_DAYS) ctx.addIssue({ code: z.ZodIssueCode.custom, message: M.rangeTooLong, path: ['to'] });
  });
export type ReportQuery = z.output<typeof reportQuerySchema>;
