import { z } from 'zod';

/**
 * The bounds every number and date a request carries is held to, so that no input can reach a
 * database or a loop as something it cannot hold: an OFFSET past bigint, Infinity rupees, the year
 * 1 or 10000.
 */

/** The last page any list serves. Paging beyond it would only show empty pages. */
export const PAGE_MAX = 10_000;
/** The most rupees any amount in a request may name (one crore). */
export const RUPEES_MAX = 10_000_000;
/** Dates a request may name: the shop has no records before the first or after the last. */
export const EARLIEST_DAY = '2000-01-01';
export const LATEST_DAY = '2999-12-31';

export const BOUNDS_MESSAGES = {
  page: 'Page must be a whole number of 1 or more',
  pageTooHigh: `Page must be at most ${PAGE_MAX}`,
  limit: 'Limit must be a whole number of 1 or more',
  dayOutOfRange: `Dates must be between ${EARLIEST_DAY} and ${LATEST_DAY}`,
} as const;
const M = BOUNDS_MESSAGES;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A query string carries numbers as text: text converts, anything else is left for the schema to refuse. */
export const numberFromText = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : v);

/** A whole number in [min, max], from a number or its text; one message for every way it can be wrong. */
export const boundedWholeNumber = (message: string, min: number, max: number) =>
  z
    .number({ required_error: message, invalid_type_error: message })
    .finite(message)
    .int(message)
    .min(min, message)
    .max(max, message);

/** `page`: 1 when blank, a whole number from 1 to PAGE_MAX otherwise. */
export const pageParam = () =>
  z.preprocess(
    (v) => (blank(v) ? 1 : numberFromText(v)),
    z
      .number({ required_error: M.page, invalid_type_error: M.page })
      .finite(M.page)
      .int(M.page)
      .min(1, M.page)
      .max(PAGE_MAX, M.pageTooHigh),
  );

/** `limit`: `fallback` when blank; more than `max` (Infinity included) is served as `max`. */
export const limitParam = (fallback: number, max: number, message: string = M.limit) =>
  z.preprocess(
    (v) => {
      if (blank(v)) return fallback;
      const n = numberFromText(v);
      return typeof n === 'number' && n > max ? max : n;
    },
    boundedWholeNumber(message, 1, max),
  );

/** True when `text` holds a C0 control character or DEL: no name, code or identifier of the shop has one (and PostgreSQL refuses NUL). */
export function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** True when `value` has at most two decimal places, as rupees and paise do. */
export const hasAtMostTwoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/** An optional amount of rupees in [0, RUPEES_MAX], such as a price filter; blank means none. */
export const rupeesFilter = (message: string) =>
  z.preprocess(
    (v) => (blank(v) ? undefined : numberFromText(v)),
    z
      .number({ invalid_type_error: message })
      .finite(message)
      .min(0, message)
      .max(RUPEES_MAX, message)
      .optional(),
  );

/** A real calendar day written `YYYY-MM-DD`: no 30 February, no year 10000. */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const at = Date.parse(`${value}T00:00:00.000Z`);
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === value;
}

export const isDayInRange = (day: string) => day >= EARLIEST_DAY && day <= LATEST_DAY;

const DAY_MS = 86_400_000;
const FIRST_INSTANT = Date.parse(`${EARLIEST_DAY}T00:00:00.000Z`) - DAY_MS;
const LAST_INSTANT = Date.parse(`${LATEST_DAY}T00:00:00.000Z`) + 2 * DAY_MS;

/** An instant on one of the days requests may name, in any time zone. */
export const isInstantInRange = (at: Date) => at.getTime() >= FIRST_INSTANT && at.getTime() < LAST_INSTANT;
