import { type BaseConfig, refuseDevelopmentValuesInProduction } from '@shop/kit';
import { z } from 'zod';

export const LIVE_CHECKOUT_SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';
export const SANDBOX_CHECKOUT_SCRIPT_PATH = '/api/payments/sandbox/checkout.js';
export const RAZORPAY_API_URL = 'https://api.razorpay.com';

/**
 * The simulator's own credentials. They guard nothing of value (sandbox payments move no money),
 * and fixed values let provider orders created before a restart still verify after it.
 */
export const SANDBOX_KEYS = {
  keyId: 'rzp_test_sandbox',
  keySecret: 'sandbox-key-secret-not-for-real-money',
  webhookSecret: 'sandbox-webhook-secret-not-for-real-money',
} as const;

const optionalUrl = z.string().url().optional();

/** Razorpay issues 24-character key secrets; the webhook secret is the shop's own choice. */
const RAZORPAY_SECRET_MIN_LENGTH = 20;

const paymentEnvironment = z
  .object({
    /** Read here too: production refuses the published example secrets. */
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    /**
     * Pins the mode. Unset, the shop is live when the back office's "live" switch is on and live
     * keys are configured (a key id from settings or RAZORPAY_KEY_ID, and the secrets below);
     * otherwise it runs the sandbox.
     */
    PAYMENT_MODE: z.enum(['sandbox', 'live']).optional(),
    /** The key id when the back office has not set one (settings win). */
    RAZORPAY_KEY_ID: z.string().min(1).optional(),
    RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
    RAZORPAY_WEBHOOK_SECRET: z.string().min(1).optional(),
    RAZORPAY_API_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
    /** The simulated Razorpay listens on loopback; 0 takes any free port (the SDK is in this process). */
    RAZORPAY_SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(0),
    /** Where the sandbox delivers webhooks, as Razorpay's dashboard would; defaults from GATEWAY_URL. */
    RAZORPAY_SANDBOX_WEBHOOK_URL: optionalUrl,
    GATEWAY_URL: optionalUrl,
    /**
     * How often payments owed back are refunded; a refund that failed waits twice as long after
     * each failure (at most an hour) before it is tried again.
     */
    PAYMENT_REFUND_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    /**
     * Attempts at a refund (calls Razorpay refused or never answered, and refunds Razorpay failed)
     * before it is given up as failed and shown to staff on the order.
     */
    PAYMENT_REFUND_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(6),
    /** Where the storefront loads Checkout from; unset, the sandbox's or Razorpay's by mode. */
    CHECKOUT_SCRIPT_URL: z.string().min(1).optional(),
  })
  .superRefine((env, ctx) => {
    if (env.PAYMENT_MODE !== 'live') return;
    // Live keys never come from a client: the secrets must be in this service's environment.
    for (const name of ['RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const) {
      if (!env[name])
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: [name],
          message: `${name} is required when PAYMENT_MODE is live`,
        });
    }
  })
  .transform((env) => ({
    ...env,
    sandboxWebhookUrl:
      env.RAZORPAY_SANDBOX_WEBHOOK_URL ??
      (env.GATEWAY_URL ? new URL('/api/payments/webhook', env.GATEWAY_URL).toString() : undefined),
  }));

export const paymentEnvSchema = refuseDevelopmentValuesInProduction(paymentEnvironment, {
  secrets: { RAZORPAY_KEY_SECRET: RAZORPAY_SECRET_MIN_LENGTH, RAZORPAY_WEBHOOK_SECRET: RAZORPAY_SECRET_MIN_LENGTH },
});

export type PaymentConfig = BaseConfig & z.output<typeof paymentEnvSchema>;
