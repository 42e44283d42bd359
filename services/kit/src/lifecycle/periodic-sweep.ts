import { Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';

/**
 * Work done in passes, every `everySeconds` from start to shutdown, on every replica (a pass shares
 * the work between replicas by claiming rows). A pass never runs twice at once: a tick during a
 * pass is skipped, while `sweep()` asked during a pass gets one more pass after it, so work made due
 * meanwhile does not wait for the timer. Shutdown waits for the pass in flight.
 */
export abstract class PeriodicSweep implements OnApplicationBootstrap, OnApplicationShutdown {
  protected readonly logger: Logger;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  /** Set at shutdown; a pass that loops over batches stops at the next one. */
  protected stopping = false;

  protected constructor(
    /** What the log says stopped early when a pass fails, e.g. "refund sweep". */
    private readonly what: string,
    private readonly everySeconds: number,
  ) {
    this.logger = new Logger(new.target.name);
  }

  /** One pass of the work. A failure is logged, and the next pass goes on. */
  protected abstract pass(): Promise<void>;

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void (this.running ?? this.sweep()), this.everySeconds * 1000);
  }

  /** A pass now, or one more after the pass that is running. */
  sweep(): Promise<void> {
    if (this.stopping) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.passUntilCaughtUp().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async passUntilCaughtUp(): Promise<void> {
    do {
      this.again = false;
      try {
        await this.pass();
      } catch (err) {
        this.logger.warn(`${this.what} stopped early, the next one goes on: ${(err as Error).message}`);
      }
    } while (this.again && !this.stopping);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    await this.running;
  }
}
