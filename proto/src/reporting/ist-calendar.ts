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

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
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
  return Math.round((Date.parse(`${toDay}T00:00:00.000Z`) - Date.parse(`${fromDay}T00:00:00.000Z`)) / DAY_MS);
}

export function istMonthOf(at: Date): IstMonth {
  const day = istDay(at);
  return { year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)) };
}

/** The instant an IST month begins. */
export function istMonthStart({ year, month }: IstMonth): Date {
  return istDayStart(`${year}-${pad(month)}-01`);
}

export function shiftMonth({ year, month }: IstMonth, by: number): IstMonth {
  const index = year * 12 + (month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export function daysInMonth({ year, month }: IstMonth): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export const isIsoDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && istDay(istDayStart(value)) === value;
