import { DocumentKind, istMonthOf } from '@shop/proto';

/** Each kind of document is numbered in its own series, so a tax invoice never shares numbers with a receipt. */
export const DOCUMENT_SERIES: Record<DocumentKind, string> = {
  invoice: 'INV',
  receipt: 'RCT',
  'credit-note': 'CN',
};

/** GST Rule 46(b): a tax invoice's number is at most 16 characters. */
export const DOCUMENT_NUMBER_MAX_LENGTH = 16;
const SEQUENCE_DIGITS = 6;
export const DOCUMENT_SEQUENCE_MAX = 10 ** SEQUENCE_DIGITS - 1;

/**
 * The Indian financial year an instant falls in, April to March in IST, written with two-digit
 * years (`26-27` for 1 April 2026 to 31 March 2027) so that a number fits in 16 characters.
 */
export function financialYearOf(at: Date): string {
  const { year, month } = istMonthOf(at);
  const first = month >= 4 ? year : year - 1;
  const yy = (y: number) => String(y % 100).padStart(2, '0');
  return `${yy(first)}-${yy(first + 1)}`;
}

/**
 * `INV/26-27/000001`. A series holds 999,999 numbers a year: a seventh digit would break the
 * 16-character rule, so the next number is refused rather than printed too long.
 */
export function documentNumber(series: string, financialYear: string, sequence: number): string {
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > DOCUMENT_SEQUENCE_MAX)
    throw new RangeError(`Document series ${series}/${financialYear} has no number ${sequence}`);
  return `${series}/${financialYear}/${String(sequence).padStart(SEQUENCE_DIGITS, '0')}`;
}

/** The PDF's file name: the number with its slashes as dashes (`INV-26-27-000001.pdf`). */
export const documentFilename = (number: string) => `${number.replace(/\//g, '-')}.pdf`;
