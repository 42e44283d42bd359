/** Order statuses (back-office spec, section 4). The account area shows the last four. */
export const ORDER_STATUSES = ['Pending', 'Processing', 'Shipped', 'Delivered', 'Cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Where the money for an order stands: `pending` (not paid yet), `paid`, `failed` (the last attempt
 * failed; the order can still be paid), `expired` (unpaid past the payment window), `cancelled`
 * (cancelled before it was paid), and for a cancelled order whose money is given back:
 * `refund_pending` (owed back, Razorpay has not finished), `refunded` (given back in full) and
 * `refund_failed` (every attempt failed; staff must see to it).
 */
export const ORDER_PAYMENT_STATUSES = [
  'pending',
  'paid',
  'failed',
  'expired',
  'cancelled',
  'refund_pending',
  'refunded',
  'refund_failed',
] as const;
export type OrderPaymentStatus = (typeof ORDER_PAYMENT_STATUSES)[number];

/** Why an order ended Cancelled. */
export const CANCEL_REASONS = ['expired', 'staff', 'refused'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

export const ORDER_CURRENCY = 'INR';

/** The payment method when the client names none: the card payment provider's window. */
export const DEFAULT_PAYMENT_METHOD = 'razorpay';

/** Cash on delivery: placed without payment, paid to the courier; staff record the outcome. */
export const CASH_ON_DELIVERY = 'cod';

/** How an order is shipped: Standard at the standard cost (free over the threshold), Express at the express cost. */
export const SHIPPING_METHODS = ['standard', 'express'] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];
export const SHIPPING_METHOD_LABELS: Record<ShippingMethod, string> = {
  standard: 'Standard delivery (3-5 business days)',
  express: 'Express delivery (1-2 business days)',
};

/** The documents the order service issues for an order. */
export const DOCUMENT_KINDS = ['invoice', 'receipt', 'credit-note'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** What staff record of a cash-on-delivery order at the door. */
export const COD_OUTCOMES = ['paid', 'refused'] as const;
export type CodOutcome = (typeof COD_OUTCOMES)[number];

/**
 * The field a checkout refused for an unverified e-mail address names in its errors (409): the
 * storefront then offers to send the verification link again.
 */
export const EMAIL_VERIFICATION_FIELD = 'emailVerification';
export function emailNotVerifiedMessage(email: string | null): string {
  return `Please verify your e-mail address before placing an order. We sent a link to ${email ?? 'your e-mail address'}; you can have it sent again.`;
}

/** A buyer's company name on a tax invoice. */
export const COMPANY_NAME_MAX_LENGTH = 120;

/** The track screen: "Estimated Delivery" is today plus 7 days (storefront spec, section 9). */
export const ESTIMATED_DELIVERY_DAYS = 7;

/** The account overview's Recent Orders table. */
export const RECENT_ORDERS_LIMIT = 5;

/** The back office's orders table: 10 a page (back-office spec, section 9). */
export const ADMIN_ORDERS_PAGE_SIZE = 10;
export const ADMIN_ORDERS_MAX_PAGE_SIZE = 100;

/** The most different lines one order may carry. */
export const ORDER_MAX_LINES = 200;
export const ORDER_MAX_QUANTITY = 100_000;

/** An `Idempotency-Key` header is an opaque client token of at most this many characters. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;

/** Where a coupon may be entered: the cart's promo box or the checkout's coupon box. */
export const COUPON_CONTEXTS = ['cart', 'checkout'] as const;
export type CouponContext = (typeof COUPON_CONTEXTS)[number];

export const ORDER_MESSAGES = {
  noAddress: 'Please select or add a delivery address',
  invalidAddress: 'Invalid address',
  invalidCoupon: 'Invalid coupon code',
  invalidPromo: 'Invalid promo code',
  emptyOrder: 'Your order has no products',
  invalidProduct: 'Invalid product',
  tooManyLines: `An order can hold at most ${ORDER_MAX_LINES} different items`,
  quantity: 'Quantity must be a whole number of 1 or more',
  quantityTooLarge: `Quantity must be at most ${ORDER_MAX_QUANTITY}`,
  orderNotFound: 'Order not found',
  forbidden: 'You do not have permission to view this order',
  invalidOrderId: 'Invalid order ID',
  invalidIdempotencyKey: `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible characters`,
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different order',
  notPayable: 'This order can no longer be paid',
  notPlaced: 'Your order could not be placed. Please try again.',
  trackingEmpty: 'Tracking number cannot be empty',
  trackingTooLong: 'Tracking number must be at most 100 characters',
  invalidStatus: 'Order status must be one of Pending, Processing, Shipped, Delivered or Cancelled',
  nothingToUpdate: 'Send orderStatus or trackingNumber',
  invalidDate: 'Dates must be given as YYYY-MM-DD or an ISO date-time',
  paymentMethod: 'Payment method must be at most 50 characters',
  email: 'Please enter a valid email',
  shippingMethod: 'Shipping method must be standard or express',
  companyNameRequired: 'Please enter the company name registered with this GSTIN',
  companyNameTooLong: `Company name must be at most ${COMPANY_NAME_MAX_LENGTH} characters`,
  codUnavailable: 'Cash on delivery is not available at the moment',
  codOverLimit: (limitRupees: number) =>
    `Cash on delivery is available for orders up to ₹${limitRupees.toLocaleString('en-IN')}. Please pay online.`,
  notCashOnDelivery: 'This order is not a cash on delivery order',
  codSettled: 'The outcome of this cash on delivery order is already recorded',
  codOutcome: 'Outcome must be paid or refused',
  documentNotFound: 'Document not found',
  documentKind: 'Document must be invoice, receipt or credit-note',
} as const;

/** Why a status change is refused, in words the back office can show as they are. */
export function refusedTransitionMessage(from: OrderStatus, to: OrderStatus): string {
  if (from === to) return `The order is already ${from}`;
  if (from === 'Delivered' || from === 'Cancelled') return `A ${from} order cannot be changed`;
  return `An order cannot move from ${from} to ${to}`;
}
