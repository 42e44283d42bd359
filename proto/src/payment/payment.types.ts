/**
 * Payments through Razorpay. Amounts are integer paise, as Razorpay itself counts them; the
 * browser's Checkout options take paise too, so `amount` in these replies is paise.
 */
export type PaymentMode = 'sandbox' | 'live';

/** Where the payment of one shop order stands in the payment service. A paid order never moves back. */
export type PaymentStatus = 'created' | 'failed' | 'paid';

/**
 * `payment.captured`: the money for an order was taken (the browser's verified callback or a
 * webhook, whichever came first). Published once per order; the order service marks the order
 * paid from it. It may follow a `payment.failed` for the same order (the shopper retried).
 */
export interface PaymentCapturedEvent {
  orderId: string;
  /** Razorpay's payment id (`pay_...`). */
  paymentId: string;
  /** Razorpay's order id (`order_...`). */
  providerOrderId: string;
  amountPaise: number;
  /** card, upi, netbanking, wallet... as Razorpay reports it. */
  method: string;
  capturedAt: string;
}

/**
 * `payment.failed`: one payment attempt for an order failed. The order stays payable (the shopper
 * may retry); it is never published for an order already paid.
 */
export interface PaymentFailedEvent {
  orderId: string;
  providerOrderId: string;
  /** Razorpay's error description, e.g. "Payment failed". */
  reason: string;
}

/**
 * Why a captured payment is given back: the order was already paid by another payment
 * (`duplicate`), it could no longer be paid when the money came (`order_closed`: cancelled or
 * expired), or staff cancelled the order it paid (`cancelled`).
 */
export type PaymentRefundReason = 'duplicate' | 'order_closed' | 'cancelled';

/**
 * Where a refund stands: Razorpay has it but has not given the money back yet (`pending`), the
 * money went back (`processed`), or every attempt failed and staff must see to it (`failed`).
 */
export type RefundState = 'pending' | 'processed' | 'failed';

/**
 * `payment.refunded`: a payment that paid for nothing was refunded in full at Razorpay. Published
 * once per refunded payment. The order it names keeps its status: a duplicate leaves it paid by
 * its first payment, and a closed order stays cancelled.
 */
export interface PaymentRefundedEvent {
  orderId: string;
  /** The refunded payment (`pay_...`); never the payment that paid the order. */
  paymentId: string;
  providerOrderId: string;
  /** Razorpay's refund id (`rfnd_...`). */
  refundId: string;
  amountPaise: number;
  reason: PaymentRefundReason;
  refundedAt: string;
}

/**
 * `payment.refund-pending`: Razorpay accepted the refund of a payment but has not given the money
 * back yet. `payment.refunded` or `payment.refund-failed` follows.
 */
export interface PaymentRefundPendingEvent {
  orderId: string;
  paymentId: string;
  providerOrderId: string;
  /** Razorpay's refund id (`rfnd_...`). */
  refundId: string;
  amountPaise: number;
  reason: PaymentRefundReason;
  pendingSince: string;
}

/**
 * `payment.refund-failed`: the refund of a payment failed as many times as the payment service
 * tries (PAYMENT_REFUND_MAX_ATTEMPTS); staff must give the money back another way. A refund
 * Razorpay still makes later is announced by `payment.refunded`.
 */
export interface PaymentRefundFailedEvent {
  orderId: string;
  paymentId: string;
  providerOrderId: string;
  amountPaise: number;
  reason: PaymentRefundReason;
  attempts: number;
  /** Why the last attempt failed, in Razorpay's words when it answered. */
  error: string;
  failedAt: string;
}

/** POST /payments/create-order: only the order id counts; the amount comes from the order. */
export interface CreatePaymentOrderRequest {
  orderId: string;
}

/** What the browser hands to `new Razorpay({key, amount, currency, order_id})`. */
export interface PaymentOrderView {
  /** Razorpay's order id. */
  id: string;
  /** The public key id; never the secret. */
  key: string;
  /** Paise. */
  amount: number;
  currency: string;
  receipt: string;
}

/** POST /payments/verify: what Checkout's `handler` received, plus the shop order. */
export interface VerifyPaymentRequest {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
  orderId: string;
}

export interface VerifyPaymentResult {
  orderId: string;
  paymentId: string;
}

/** POST /payments/webhook as the gateway forwards it: the body exactly as received. */
export interface PaymentWebhookRequest {
  rawBody: string;
  /** The `X-Razorpay-Signature` header. */
  signature: string;
  /** The `X-Razorpay-Event-Id` header, when sent. */
  eventId?: string;
}

export interface PaymentWebhookResult {
  /** False when this event id was handled before (a replay). */
  processed: boolean;
  event: string;
}

/** GET /payments/config: what the storefront needs to open Checkout. */
export interface PaymentConfigView {
  mode: PaymentMode;
  keyId: string;
  checkoutScriptUrl: string;
}

/** The sandbox Checkout's Pay and Fail buttons. */
export type SandboxOutcome = 'success' | 'failure';

export interface SandboxPayRequest {
  key: string;
  order_id: string;
  outcome: SandboxOutcome;
  method?: string;
}

/** Checkout's `handler` argument. */
export interface RazorpaySuccessResponse {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

/** Checkout's `payment.failed` argument: `{error: {...}}`, as Razorpay shapes it. */
export interface RazorpayFailureResponse {
  error: {
    code: string;
    description: string;
    source: string;
    step: string;
    reason: string;
    metadata: { order_id: string; payment_id: string };
  };
}

export type SandboxPayResult = RazorpaySuccessResponse | RazorpayFailureResponse;
