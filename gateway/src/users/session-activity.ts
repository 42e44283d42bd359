import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { RpcClient } from '@shop/kit';
import { RPC, SESSION_TOUCH_MAX, SessionUse } from '@shop/proto';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config';

/**
 * When each session was last used, as this replica saw it, told to the user service in batches
 * (every SESSION_USE_REPORT_SECONDS, or as soon as a batch is full) rather than a call per request:
 * Settings shows "last used" as an approximate time. A report that fails is dropped; the next use
 * is reported again.
 */
@Injectable()
export class SessionActivity implements OnApplicationShutdown {
  private readonly logger = new Logger(SessionActivity.name);
  private seen = new Map<string, number>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly rpc: RpcClient,
    @Inject(GATEWAY_CONFIG) config: Pick<GatewayConfig, 'SESSION_USE_REPORT_SECONDS'>,
  ) {
    this.timer = setInterval(() => void this.report(), config.SESSION_USE_REPORT_SECONDS * 1000).unref();
  }

  used(sessionId: string): void {
    this.seen.set(sessionId, Date.now());
    if (this.seen.size >= SESSION_TOUCH_MAX) void this.report();
  }

  async report(): Promise<void> {
    if (!this.seen.size) return;
    const uses: SessionUse[] = [...this.seen].map(([id, at]) => ({ id, at: new Date(at).toISOString() }));
    this.seen = new Map();
    for (let start = 0; start < uses.length; start += SESSION_TOUCH_MAX) {
      const sessions = uses.slice(start, start + SESSION_TOUCH_MAX);
      await this.rpc
        .call(RPC.user.sessionTouch, { sessions })
        .catch((err: Error) => this.logger.warn(`could not report ${sessions.length} session(s) in use: ${err.message}`));
    }
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }
}
