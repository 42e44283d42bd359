import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { RpcClient } from '@shop/kit';
import { CurrentSettingsReply, RPC } from '@shop/proto';
import { DataSource } from 'typeorm';
import { SettingsService } from './settings.service';

const ASK_TIMEOUT_MS = 3000;
const MAX_WAIT_MS = 60_000;

/**
 * A user service that has never seen `settings.updated` (a new database, say) asks admin-reporting
 * for the current settings at start, again and again with growing pauses until it has them, so a
 * setting changed before it started is not left unknown until the next change.
 */
@Injectable()
export class SettingsCatchUp implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SettingsCatchUp.name);
  private timer?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly rpc: RpcClient,
    private readonly settings: SettingsService,
  ) {}

  onApplicationBootstrap(): void {
    void this.attempt(1000);
  }

  private async attempt(waitMs: number): Promise<void> {
    if (this.stopped) return;
    try {
      const [held] = await this.dataSource.query(`SELECT 1 FROM shop_settings WHERE id = 1`);
      if (held) return;
      const reply = await this.rpc.call<CurrentSettingsReply>(RPC.admin.settingsCurrent, {}, { timeoutMs: ASK_TIMEOUT_MS });
      await this.settings.apply(this.dataSource.manager, reply.settings, reply.updatedAt);
      this.logger.log('took the shop settings from admin-reporting');
    } catch (err) {
      if (this.stopped) return;
      this.logger.warn(`could not get the shop settings yet (${err.message}); asking again in ${waitMs / 1000} s`);
      this.timer = setTimeout(() => void this.attempt(Math.min(waitMs * 2, MAX_WAIT_MS)), waitMs);
    }
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }
}
