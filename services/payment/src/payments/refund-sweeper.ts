import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { SERVICE_CONFIG } from '@shop/kit';
import type { PaymentConfig } from '../config/payment-config';
import { PaymentRefunds } from './payment-refunds.service';

/** Refunds tried per batch: each is one call to Razorpay. */
const BATCH = 20;

/**
 * Every PAYMENT_REFUND_SWEEP_SECONDS, and at once when a payment becomes owed back: refunds what is
 * due. Every replica sweeps; each refund is claimed before Razorpay is asked.
 */
@Injectable()
export class RefundSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('RefundSweeper');
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopping = false;

  constructor(
    private readonly refunds: PaymentRefunds,
    @Inject(SERVICE_CONFIG) private readonly config: PaymentConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), this.config.PAYMENT_REFUND_SWEEP_SECONDS * 1000);
  }

  /** One pass now; asked during a pass, another pass follows it, so nothing owed waits for the timer. */
  sweep(): Promise<void> {
    if (this.stopping) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.passes().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async passes(): Promise<void> {
    do {
      this.again = false;
      try {
        while ((await this.refunds.refundDue(BATCH)) === BATCH && !this.stopping);
      } catch (err) {
        this.logger.warn(`refund sweep stopped early, the next one goes on: ${err.message}`);
      }
    } while (this.again && !this.stopping);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    await this.running;
  }
}
