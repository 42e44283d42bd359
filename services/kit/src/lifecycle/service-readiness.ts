import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BusConnection } from '../events/bus-connection';
import { GracefulDrain } from './graceful-drain';

/** How often a service looks at its database and broker. */
export const READINESS_CHECK_MS = 1000;
const DATABASE_PING_TIMEOUT_MS = 1500;

/**
 * A service that cannot do its work stops taking it: while its database does not answer or its
 * broker connection is down, it cancels its RPC and event consumers (GracefulDrain's mechanism), so
 * the broker hands requests and events to a replica that can, or keeps them until this one is back;
 * once both answer again it consumes again. A drain ends this for good. `shop_ready` reports it.
 */
@Injectable()
export class ServiceReadiness implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Readiness');
  private timer?: NodeJS.Timeout;
  private checking = false;
  private databaseUp = true;
  private paused = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly bus: BusConnection,
    private readonly drain: GracefulDrain,
    private readonly intervalMs = READINESS_CHECK_MS,
  ) {}

  /** As of the last check: not draining, the database answered, and the broker is connected. */
  get ready(): boolean {
    return !this.drain.draining && this.databaseUp && this.bus.connected;
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.check(), this.intervalMs);
  }

  /** One look; pauses or resumes consumption when readiness changed. */
  async check(): Promise<void> {
    if (this.checking || this.drain.draining) return;
    this.checking = true;
    try {
      this.databaseUp = await this.pingDatabase();
      const ready = this.ready;
      if (this.drain.draining || ready === !this.paused) return;
      this.paused = !ready;
      if (this.paused) {
        this.logger.warn(
          `not ready (database ${this.databaseUp ? 'up' : 'down'}, broker ${this.bus.connected ? 'up' : 'down'}): no longer taking RPCs and events`,
        );
        await this.drain.pause();
      } else {
        this.logger.log('ready again: taking RPCs and events');
        await this.drain.resume();
      }
    } finally {
      this.checking = false;
    }
  }

  private async pingDatabase(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        this.dataSource.query('SELECT 1').then(() => true),
        new Promise<boolean>(
          (resolve) => (timer = setTimeout(() => resolve(false), DATABASE_PING_TIMEOUT_MS)),
        ),
      ]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }
}
