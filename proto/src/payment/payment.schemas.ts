import { z } from 'zod';

export const PAYMENT_MESSAGES = {
  orderIdRequired: 'Order ID is required',
  invalidOrderId: 'Invalid order ID',
  orderNotFound: 'Order not found',
  forbidden: 'You do not have permission to pay for this order',
  alreadyPaid: 'This order has already been paid',
  verificationFailed: 'Payment verification failed',
  invalidWebhookSignature: 'Invalid webhook signature',
  invalidWebhookBody: 'Invalid webhook payload',
  gatewayUnavailable: 'Payment gateway is unavailable. Please try again.',
  gatewayNotConfigured: 'Payment gateway is not configured',
  sandboxDisabled: 'The payment sandbox is not enabled',
  invalidKey: 'Invalid key id',
  paidTwiceRefunding: 'This order has already been paid. This payment will be refunded.',
  notPayableRefunding: 'This order can no longer be paid. This payment will be refunded.',
} as const;

const orderId = z
  .string({
    required_error: PAYMENT_MESSAGES.orderIdRequired,
    invalid_type_error: PAYMENT_MESSAGES.orderIdRequired,
  })
  .trim()
  .min(1, PAYMENT_MESSAGES.orderIdRequired)
  .uuid(PAYMENT_MESSAGES.invalidOrderId);

/**
 * The storefront also sends amount, currency and notes; they are dropped here on purpose: the
 * amount always comes from the order.
 */
export const createPaymentOrderSchema = z.object({ orderId });

/** Anything missing or malformed is the one message the payment screen shows. */
const signedField = z
  .string({
    required_error: PAYMENT_MESSAGES.verificationFailed,
    invalid_type_error: PAYMENT_MESSAGES.verificationFailed,
  })
  .trim()
  .min(1, PAYMENT_MESSAGES.verificationFailed)
  .max(200, PAYMENT_MESSAGES.verificationFailed);

export const verifyPaymentSchema = z.object({
  razorpay_order_id: signedField,
  razorpay_payment_id: signedField,
  razorpay_signature: signedField,
  orderId,
});

export const sandboxPaySchema = z.object({
  key: z.string({ required_error: PAYMENT_MESSAGES.invalidKey }).min(1, PAYMENT_MESSAGES.invalidKey),
  order_id: z.string({ required_error: 'order_id is required' }).min(1, 'order_id is required').max(64),
  outcome: z.enum(['success', 'failure'], {
    errorMap: () => ({ message: 'outcome must be success or failure' }),
  }),
  method: z.enum(['card', 'upi', 'netbanking', 'wallet']).default('card'),
});
