import { Inject, Injectable } from '@nestjs/common';
import { PeriodicSweep, SERVICE_CONFIG } from '@shop/kit';
import type { PaymentConfig } from '../config/payment-config';
import { PaymentRefunds } from './payment-refunds.service';

/** Refunds tried per batch: each is one call to Razorpay. */
const BATCH = 20;

/**
 * Every PAYMENT_REFUND_SWEEP_SECONDS, and at once when a payment becomes owed back: refunds what is
 * due. Every replica sweeps; each refund is claimed before Razorpay is asked.
 */
@Injectable()
export class RefundSweeper extends PeriodicSweep {
  constructor(
    private readonly refunds: PaymentRefunds,
    @Inject(SERVICE_CONFIG) config: PaymentConfig,
  ) {
    super('refund sweep', config.PAYMENT_REFUND_SWEEP_SECONDS);
  }

  protected async pass(): Promise<void> {
    while ((await this.refunds.refundDue(BATCH)) === BATCH && !this.stopping);
  }
}
