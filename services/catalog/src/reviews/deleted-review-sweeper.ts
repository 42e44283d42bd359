import { Injectable } from '@nestjs/common';
import { PeriodicSweep } from '@shop/kit';
import { ReviewsService } from './reviews.service';

const SWEEP_SECONDS = 3600;
const SWEEP_BATCH = 500;

/** Hourly: forgets the reviews staff deleted once they can no longer be restored. */
@Injectable()
export class DeletedReviewSweeper extends PeriodicSweep {
  constructor(private readonly reviews: ReviewsService) {
    super('deleted review sweep', SWEEP_SECONDS);
  }

  protected async pass(): Promise<void> {
    let forgotten = 0;
    let batch: number;
    do {
      batch = await this.reviews.forgetDeleted(SWEEP_BATCH);
      forgotten += batch;
    } while (batch === SWEEP_BATCH && !this.stopping);
    if (forgotten > 0) this.logger.log(`${forgotten} deleted review(s) forgotten`);
  }
}
