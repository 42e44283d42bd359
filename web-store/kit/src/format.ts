const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

const rupeesTwoDecimals = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Rupees as the catalog shows them, grouped the Indian way: ₹1,299, ₹12,34,567 or ₹849.5. */
export function formatPrice(value: number): string {
  return rupees.format(value);
}

/** Rupees with two decimals, as the storefront's account area shows them (storefront spec, section 9). */
export function formatAmount(value: number): string {
  return rupeesTwoDecimals.format(value);
}

const dateFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

/** A day as both apps print it: 10 Jun 2025. */
export function formatDate(value: string | Date): string {
  return dateFormat.format(new Date(value));
}
