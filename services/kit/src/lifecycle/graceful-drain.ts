import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { EventConsumer } from '../events/event-consumer';
import { OutboxRelay } from '../events/outbox-relay';
import type { RpcServer } from '../rpc/rpc-server';

/** Time left after the drain for closing channels and pools before the process must be gone. */
export const CLOSE_BUDGET_MS = 5_000;

/**
 * The first step of a service's shutdown (SIGTERM or app.close()): stop taking RPCs and events,
 * let what is in flight finish, be acked and answered, and publish the events it wrote, all within
 * the grace period. Only then does Nest close the RPC channel, the bus and the database pool, so a
 * rollout never hands a half-done request to another replica.
 */
@Injectable()
export class GracefulDrain implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Shutdown');
  private rpc?: RpcServer;
  private started = false;

  constructor(
    private readonly graceMs: number,
    private readonly events: EventConsumer,
    private readonly outbox: OutboxRelay,
  ) {}

  /** The service's RPC server, which Nest builds outside the module. */
  drainRpcServer(server: RpcServer): void {
    this.rpc = server;
  }

  get draining(): boolean {
    return this.started;
  }

  /** Stops taking RPCs and events while the service is not ready; what is in flight goes on. */
  async pause(): Promise<void> {
    await Promise.all([this.rpc?.pause(), this.events.pause()]);
  }

  /** Takes RPCs and events again, unless the service is draining. */
  async resume(): Promise<void> {
    if (this.started) return;
    await Promise.all([this.rpc?.resume(), this.events.resume()]);
  }

  async beforeApplicationShutdown(signal?: string): Promise<void> {
    if (this.started) return;
    this.started = true;
    const began = Date.now();
    const deadline = began + this.graceMs;
    this.logger.log(
      `draining on ${signal ?? 'close'}: ${this.rpc?.requestsInFlight ?? 0} RPCs and ${this.events.eventsInFlight} events in flight`,
    );
    await Promise.all([this.rpc?.stopConsuming(), this.events.stopConsuming()]);
    const [rpcLeft, eventsLeft] = await Promise.all([this.rpc?.drained(deadline) ?? 0, this.events.drained(deadline)]);
    await this.outbox.finish(deadline);
    if (rpcLeft || eventsLeft) {
      this.logger.warn(
        `grace period of ${this.graceMs} ms over with ${rpcLeft} RPCs and ${eventsLeft} events unfinished; the broker will redeliver them`,
      );
    } else {
      this.logger.log(`drained in ${Date.now() - began} ms`);
    }
  }
}
