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

/** Rupees as the catalog shows them: ₹1,299 or ₹1,299.50. */
export function formatPrice(value: number): string {
  return rupees.format(value);
}

/** The account area always shows two decimals (storefront spec, section 9). */
export function formatAmount(value: number): string {
  return rupeesTwoDecimals.format(value);
}
