/**
 * Prices are written here rather than with Intl.NumberFormat: a page's first use of Intl loads
 * ICU's locale data, 10-18 ms of the main thread in Chromium on this machine (4x that on a phone),
 * and every public page formats prices while it hydrates. The output is Intl's en-IN currency
 * format to the character (format.test.ts compares them); what Intl alone writes well (not a
 * finite number, or past 15 digits) is still left to it.
 */
function rupees(value: number, fractionDigits: 'up to two' | 'two'): string {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e15) return intlRupees(fractionDigits).format(value);
  const [whole, paise] = toPaise(Math.abs(value));
  const fraction = fractionDigits === 'two' ? paise : paise.replace(/0+$/, '');
  const grouped =
    whole.length > 3 ? `${whole.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${whole.slice(-3)}` : whole;
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}₹${grouped}${fraction ? `.${fraction}` : ''}`;
}

/**
 * Rupees and paise of a non-negative number, rounded as ICU rounds: its shortest decimal form
 * (String(0.015) is "0.015", though the double is a shade less), half away from zero.
 */
function toPaise(value: number): [string, string] {
  const written = String(value);
  // Under a millionth: String writes it with an exponent, and it is 0.00 either way.
  if (written.includes('e')) return ['0', '00'];
  const [whole, fraction = ''] = written.split('.');
  let paise = BigInt(whole + fraction.slice(0, 2).padEnd(2, '0'));
  if (fraction.length > 2 && fraction[2] >= '5') paise += 1n;
  const digits = paise.toString().padStart(3, '0');
  return [digits.slice(0, -2), digits.slice(-2)];
}

const intlFormats = new Map<string, Intl.NumberFormat>();
function intlRupees(fractionDigits: 'up to two' | 'two'): Intl.NumberFormat {
  let format = intlFormats.get(fractionDigits);
  if (!format) {
    format = new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: fractionDigits === 'two' ? 2 : 0,
      maximumFractionDigits: 2,
    });
    intlFormats.set(fractionDigits, format);
  }
  return format;
}

/** Rupees as the catalog shows them, grouped the Indian way: ₹1,299, ₹12,34,567 or ₹849.5. */
export function formatPrice(value: number): string {
  return rupees(value, 'up to two');
}

/** Rupees with two decimals, as the storefront's account area shows them (storefront spec, section 9). */
export function formatAmount(value: number): string {
  return rupees(value, 'two');
}

let dateFormat: Intl.DateTimeFormat | undefined;

/** A day as both apps print it: 10 Jun 2025. Its format is made at first use (ICU's data, above). */
export function formatDate(value: string | Date): string {
  dateFormat ??= new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
  return dateFormat.format(new Date(value));
}
