import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { CurrentSettingsReply, RPC } from '@shop/proto';
import { DataSource } from 'typeorm';
import { RpcClient } from '../rpc/rpc-client';
import { SETTINGS_REPLICA, SettingsReplica } from './settings-replica';

const ASK_TIMEOUT_MS = 3000;
const FIRST_WAIT_MS = 1000;
const MAX_WAIT_MS = 60_000;

/**
 * A service that has never seen `settings.updated` (a new database, say) asks admin-reporting for
 * the current settings at start, again and again with growing pauses until it has them, so a setting
 * changed before it started is not left at its default until the next change.
 */
@Injectable()
export class SettingsCatchUp implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SettingsCatchUp.name);
  private timer?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    @Inject(SETTINGS_REPLICA) private readonly replica: SettingsReplica,
    private readonly dataSource: DataSource,
    private readonly rpc: RpcClient,
  ) {}

  onApplicationBootstrap(): void {
    void this.attempt(FIRST_WAIT_MS);
  }

  private async attempt(waitMs: number): Promise<void> {
    if (this.stopped) return;
    try {
      if (await this.replica.held()) return;
      const reply = await this.rpc.call<CurrentSettingsReply>(RPC.admin.settingsCurrent, {}, { timeoutMs: ASK_TIMEOUT_MS });
      await this.replica.apply(this.dataSource.manager, reply.settings, reply.updatedAt);
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
