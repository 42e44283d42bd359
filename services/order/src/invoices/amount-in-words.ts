import { Paise, toPaise, toRupees } from '@shop/proto';

const ONES = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n];
  const ones = n % 10;
  return ones ? `${TENS[Math.floor(n / 10)]}-${ONES[ones]}` : TENS[Math.floor(n / 10)];
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts = hundreds ? [`${ONES[hundreds]} Hundred`] : [];
  if (rest) parts.push(belowHundred(rest));
  return parts.join(' ');
}

/**
 * A whole number in words as India counts: thousand, lakh (1,00,000) and crore (1,00,00,000), the
 * crores themselves counted the same way (1,234 crore is "One Thousand Two Hundred Thirty-Four Crore").
 */
export function indianNumberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not a whole amount: ${n}`);
  if (n === 0) return ONES[0];
  const crores = Math.floor(n / 10_000_000);
  const lakhs = Math.floor((n % 10_000_000) / 100_000);
  const thousands = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  const parts: string[] = [];
  if (crores) parts.push(`${indianNumberInWords(crores)} Crore`);
  if (lakhs) parts.push(`${belowHundred(lakhs)} Lakh`);
  if (thousands) parts.push(`${belowHundred(thousands)} Thousand`);
  if (rest) parts.push(belowThousand(rest));
  return parts.join(' ');
}

/** "Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Fifty Paise Only". */
export function amountInWords(amount: Paise): string {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`Not an amount of paise: ${amount}`);
  const rupees = Math.trunc(toRupees(amount));
  const paise = amount - toPaise(rupees);
  const words = `Rupees ${indianNumberInWords(rupees)}`;
  return paise ? `${words} and ${indianNumberInWords(paise)} Paise Only` : `${words} Only`;
}
