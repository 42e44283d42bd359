import { Inject, Injectable } from '@nestjs/common';
import { PeriodicSweep, SERVICE_CONFIG } from '@shop/kit';
import type { CartConfig } from '../config/cart-config';
import { UploadsService } from './uploads.service';

/**
 * Every GUEST_UPLOAD_SWEEP_SECONDS: deletes the files visitors uploaded and never signed in to
 * keep, once they are GUEST_UPLOAD_MAX_AGE_HOURS old.
 */
@Injectable()
export class GuestUploadSweeper extends PeriodicSweep {
  constructor(
    private readonly uploads: UploadsService,
    @Inject(SERVICE_CONFIG) private readonly config: CartConfig,
  ) {
    super('guest upload sweep', config.GUEST_UPLOAD_SWEEP_SECONDS);
  }

  protected async pass(): Promise<void> {
    const swept = await this.uploads.sweepAbandonedGuestFiles(this.config.GUEST_UPLOAD_MAX_AGE_HOURS * 3600);
    if (swept > 0) this.logger.log(`${swept} abandoned guest upload(s) deleted`);
  }
}
