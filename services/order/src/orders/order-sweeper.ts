import { Inject, Injectable } from '@nestjs/common';
import { PeriodicSweep, SERVICE_CONFIG } from '@shop/kit';
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
 * old Idempotency-Keys. Every replica sweeps; row locks with SKIP LOCKED share the work. A
 * cash-on-delivery order has no payment window (`expires_at` is null): it is never expired, and
 * its stock stays reserved until staff record it paid or refused.
 */
@Injectable()
export class OrderSweeper extends PeriodicSweep {
  constructor(
    private readonly dataSource: DataSource,
    private readonly lifecycle: OrderLifecycle,
    private readonly reservations: OrderReservations,
    @Inject(SERVICE_CONFIG) private readonly config: OrderConfig,
  ) {
    super('order sweep', config.ORDER_EXPIRY_SWEEP_SECONDS);
  }

  protected async pass(): Promise<void> {
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
  }
}
