import { Injectable } from '@nestjs/common';
import { PeriodicSweep } from '@shop/kit';
import { SessionsService } from './sessions.service';

/** Hourly: one row per sign-in would otherwise pile up for good. */
const SWEEP_SECONDS = 3600;
const SWEEP_BATCH = 1000;

/** Forgets the sessions whose tokens have expired: nobody can use them or sign them out any more. */
@Injectable()
export class SessionSweeper extends PeriodicSweep {
  constructor(private readonly sessions: SessionsService) {
    super('expired session sweep', SWEEP_SECONDS);
  }

  protected async pass(): Promise<void> {
    let forgotten = 0;
    let batch: number;
    do {
      batch = await this.sessions.forgetExpired(SWEEP_BATCH);
      forgotten += batch;
    } while (batch === SWEEP_BATCH && !this.stopping);
    if (forgotten > 0) this.logger.log(`${forgotten} expired session(s) forgotten`);
  }
}
