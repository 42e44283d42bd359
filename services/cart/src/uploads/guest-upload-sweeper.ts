import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { SERVICE_CONFIG } from '@shop/kit';
import type { CartConfig } from '../config/cart-config';
import { UploadsService } from './uploads.service';

/**
 * Every GUEST_UPLOAD_SWEEP_SECONDS: deletes the files visitors uploaded and never signed in to
 * keep, once they are GUEST_UPLOAD_MAX_AGE_HOURS old.
 */
@Injectable()
export class GuestUploadSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(GuestUploadSweeper.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly uploads: UploadsService,
    @Inject(SERVICE_CONFIG) private readonly config: CartConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), this.config.GUEST_UPLOAD_SWEEP_SECONDS * 1000);
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
      const swept = await this.uploads.sweepAbandonedGuestFiles(
        this.config.GUEST_UPLOAD_MAX_AGE_HOURS * 3600,
      );
      if (swept > 0) this.logger.log(`${swept} abandoned guest upload(s) deleted`);
    } catch (err) {
      this.logger.warn(`guest upload sweep stopped early, the next one goes on: ${(err as Error).message}`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
