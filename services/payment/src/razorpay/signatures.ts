import { createHmac, timingSafeEqual } from 'node:crypto';

export function hmacSha256Hex(payload: string | Buffer, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

/** Compares in time independent of where the strings differ, so a forger learns nothing from timing. */
export function equalsInConstantTime(expectedHex: string, given: string): boolean {
  const expected = Buffer.from(expectedHex, 'utf8');
  const actual = Buffer.from(given, 'utf8');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** What Checkout hands the browser: HMAC_SHA256(order_id + "|" + payment_id, key_secret). */
export function paymentSignature(providerOrderId: string, paymentId: string, keySecret: string): string {
  return hmacSha256Hex(`${providerOrderId}|${paymentId}`, keySecret);
}

export function isValidPaymentSignature(
  providerOrderId: string,
  paymentId: string,
  signature: string,
  keySecret: string,
): boolean {
  return equalsInConstantTime(paymentSignature(providerOrderId, paymentId, keySecret), signature);
}

/** `X-Razorpay-Signature`: HMAC_SHA256 of the body exactly as sent, with the webhook secret. */
export function isValidWebhookSignature(
  rawBody: string | Buffer,
  signature: string,
  webhookSecret: string,
): boolean {
  return equalsInConstantTime(hmacSha256Hex(rawBody, webhookSecret), signature);
}
