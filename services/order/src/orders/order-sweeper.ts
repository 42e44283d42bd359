import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { SERVICE_CONFIG } from '@shop/kit';
import { DataSource } from 'typeorm';
import type { OrderConfig } from '../config/order-config';
import { OrderLifecycle } from './order-lifecycle';
import { OrderReservations } from './order-reservations';

const EXPIRY_BATCH = 100;
/** Rows settled per sweep: each asks the catalog once, so a backlog drains over a few sweeps. */
const RECOVERY_BATCH = 20;

/**
 * Every ORDER_EXPIRY_SWEEP_SECONDS: cancels unpaid orders past their payment window (their stock
 * goes back), settles order rows a stopped checkout left without the catalog's answer, and forgets
 * old Idempotency-Keys. Every replica sweeps; row locks with SKIP LOCKED share the work.
 */
@Injectable()
export class OrderSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OrderSweeper.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly lifecycle: OrderLifecycle,
    private readonly reservations: OrderReservations,
    @Inject(SERVICE_CONFIG) private readonly config: OrderConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), this.config.ORDER_EXPIRY_SWEEP_SECONDS * 1000);
  }

  /** One pass; a pass still running when the next is due is not doubled. */
  sweep(): Promise<void> {
    this.running ??= this.pass().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async pass(): Promise<void> {
    try {
      let expired = 0;
      let batch: number;
      do {
        batch = await this.lifecycle.expireDue(EXPIRY_BATCH);
        expired += batch;
      } while (batch === EXPIRY_BATCH);
      if (expired > 0) this.logger.log(`${expired} unpaid order(s) expired`);
      for (let i = 0; i < RECOVERY_BATCH && (await this.reservations.recoverOne()); i++);
      await this.dataSource.query(
        `DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(secs => $1)`,
        [this.config.IDEMPOTENCY_KEY_TTL_HOURS * 3600],
      );
    } catch (err) {
      this.logger.warn(`order sweep stopped early, the next one goes on: ${err.message}`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
