import type { BaseConfig } from '@shop/kit';
import { z } from 'zod';

export const orderEnvSchema = z.object({
  /** An order not paid within this many minutes of being placed is cancelled and its stock released. */
  ORDER_PAYMENT_TTL_MINUTES: z.coerce
    .number()
    .positive()
    .max(7 * 24 * 60)
    .default(30),
  /** How often each replica looks for expired orders and unfinished reservations. */
  ORDER_EXPIRY_SWEEP_SECONDS: z.coerce.number().positive().max(3600).default(30),
  /**
   * An order row still waiting for its reservation this long after it was written lost its request
   * (the service stopped mid-checkout): the sweep asks the catalog again and settles it. Longer than
   * any RPC can take, so a checkout in progress is never taken over.
   */
  ORDER_RESERVATION_RECOVERY_SECONDS: z.coerce.number().positive().max(3600).default(60),
  /** How long a checkout's Idempotency-Key is remembered. */
  IDEMPOTENCY_KEY_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(24),
});

export type OrderConfig = BaseConfig & z.output<typeof orderEnvSchema>;
