import { IST_OFFSET_MINUTES } from './reporting.constants';

/**
 * Calendar arithmetic in India Standard Time, which has a fixed offset (+05:30, no daylight
 * saving). A day is written `YYYY-MM-DD`; instants are Dates.
 */
const OFFSET_MS = IST_OFFSET_MINUTES * 60_000;
const DAY_MS = 86_400_000;

export interface IstMonth {
  year: number;
  /** 1 to 12. */
  month: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The IST calendar day an instant falls on. */
export function istDay(at: Date): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant an IST day begins. */
export function istDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) - OFFSET_MS);
}

/** Days are counted on one axis, days since 1970-01-01: ranges are walked by number, never by comparing text. */
export function dayNumber(day: string): number {
  const at = Date.parse(`${day}T00:00:00.000Z`);
  if (Number.isNaN(at)) throw new RangeError(`Not a day: ${day}`);
  return at / DAY_MS;
}

export function dayOfNumber(n: number): string {
  const at = new Date(n * DAY_MS);
  const year = at.getUTCFullYear();
  // Past year 9999 the ISO form gains a sign and two digits ("+010000-01-01") and no longer sorts or slices.
  if (!Number.isInteger(n) || year < 1 || year > 9999) throw new RangeError(`No four-digit day ${n} days after 1970-01-01`);
  return at.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return dayOfNumber(dayNumber(day) + days);
}

/** Every day from `fromDay` to `toDay`, both included, in order. */
export function daysFrom(fromDay: string, toDay: string): string[] {
  const first = dayNumber(fromDay);
  const count = dayNumber(toDay) - first + 1;
  return Array.from({ length: Math.max(0, count) }, (_, i) => dayOfNumber(first + i));
}

/** The same day `months` later, or the month's last day when it is shorter (31 March less 1 month is 28 or 29 February). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${pad(month)}-${pad(Math.min(d, last))}`;
}

export function daysBetween(fromDay: string, toDay: string): number {
  return dayNumber(toDay) - dayNumber(fromDay);
}

export function istMonthOf(at: Date): IstMonth {
  const day = istDay(at);
  return { year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)) };
}

/** The instant an IST month begins. */
export function istMonthStart({ year, month }: IstMonth): Date {
  return istDayStart(`${year}-${pad(month)}-01`);
}

/** Every month from `from` to `to`, both included, in order: walked by count, like days. */
export function monthsFrom(from: IstMonth, to: IstMonth): IstMonth[] {
  const count = to.year * 12 + to.month - (from.year * 12 + from.month) + 1;
  return Array.from({ length: Math.max(0, count) }, (_, i) => shiftMonth(from, i));
}

export function shiftMonth({ year, month }: IstMonth, by: number): IstMonth {
  const index = year * 12 + (month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export function daysInMonth({ year, month }: IstMonth): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
