import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Ids shaped like Razorpay's: a prefix and 14 base-62 characters (`order_N3Xk...`, `pay_...`, `rfnd_...`). */
export function razorpayId(prefix: 'order' | 'pay' | 'rfnd' | 'evt'): string {
  const bytes = randomBytes(14);
  let id = '';
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return prefix === 'evt' ? id : `${prefix}_${id}`;
}
