import { formatAmount, formatPrice as catalogPrice } from '@shop/web-kit/format';

/** Rupees as the back office shows them: ₹1,299, or ₹1,299.50 when there are paise (never one decimal). */
export function formatPrice(value: number): string {
  return Number.isInteger(Math.round(value * 100) / 100) ? catalogPrice(value) : formatAmount(value);
}

export const LAKH = 100_000;

/** Revenue summaries read in lakhs from ₹1,00,000 on: ₹2.5L (back-office spec, section 9). */
export function formatRevenue(value: number): string {
  if (value >= LAKH) return `₹${(value / LAKH).toFixed(1)}L`;
  return formatPrice(value);
}

/** Order ids as staff read them: 'ORD-' and the last 8 characters in uppercase. */
export function displayOrderId(id: string): string {
  return `ORD-${id.slice(-8).toUpperCase()}`;
}
