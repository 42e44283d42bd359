import { addDays, addMonths, daysBetween, istDay, istDayStart } from './ist-calendar';
import { CUSTOM_PERIOD_MAX_DAYS, DAILY_BUCKETS_MAX_DAYS, ReportPeriod } from './reporting.constants';

/** A report's time window: whole IST days, `from` inclusive and `to` exclusive as instants. */
export interface ResolvedPeriod {
  period: ReportPeriod;
  fromDay: string;
  /** The last day included. */
  toDay: string;
  from: Date;
  to: Date;
  days: number;
  bucket: 'day' | 'month';
}

/**
 * The windows of the reports screen, ending today: the last 7, 30 or 90 days, the last 6 or 12
 * months (from the day after the same date then), or a custom range of days (checked by the schema).
 */
export function resolvePeriod(
  period: ReportPeriod,
  range: { from?: string; to?: string } = {},
  now: Date = new Date(),
): ResolvedPeriod {
  const today = istDay(now);
  let fromDay: string;
  let toDay = today;
  switch (period) {
    case '7d':
      fromDay = addDays(today, -6);
      break;
    case '30d':
      fromDay = addDays(today, -29);
      break;
    case '90d':
      fromDay = addDays(today, -89);
      break;
    case '6m':
      fromDay = addDays(addMonths(today, -6), 1);
      break;
    case '1y':
      fromDay = addDays(addMonths(today, -12), 1);
      break;
    case 'custom':
      if (!range.from || !range.to) throw new RangeError('a custom period needs from and to');
      fromDay = range.from;
      toDay = range.to;
      break;
  }
  return windowOf(period, fromDay, toDay);
}

/** The window of the same length just before, for growth figures. */
export function previousWindow(window: ResolvedPeriod): ResolvedPeriod {
  const toDay = addDays(window.fromDay, -1);
  return windowOf(window.period, addDays(toDay, -(window.days - 1)), toDay);
}

function windowOf(period: ReportPeriod, fromDay: string, toDay: string): ResolvedPeriod {
  const days = daysBetween(fromDay, toDay) + 1;
  // The schema refuses such ranges; a window is still never built for one, whoever calls.
  if (days < 1 || days > CUSTOM_PERIOD_MAX_DAYS) throw new RangeError(`A report window of ${days} days`);
  return {
    period,
    fromDay,
    toDay,
    from: istDayStart(fromDay),
    to: istDayStart(addDays(toDay, 1)),
    days,
    bucket: days <= DAILY_BUCKETS_MAX_DAYS ? 'day' : 'month',
  };
}
