import type { PaymentMode } from '@shop/proto';
import { PaymentConfig, SANDBOX_KEYS } from '../config/payment-config';

/** The webhook secret: the environment's, or the simulator's while the sandbox runs without one. */
export function webhookSecret(config: PaymentConfig, mode: PaymentMode): string | undefined {
  return config.RAZORPAY_WEBHOOK_SECRET ?? (mode === 'sandbox' ? SANDBOX_KEYS.webhookSecret : undefined);
}
