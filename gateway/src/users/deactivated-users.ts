import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { RpcClient } from '@shop/kit';
import { EventEnvelope, EVENTS, RPC, UserDeactivatedEvent } from '@shop/proto';
import { GatewayEventSubscriber, GatewayEvents, Resync } from '../back-office/gateway-events';

const DEACTIVATED_RPC_TIMEOUT_MS = 3000;

/**
 * The accounts staff deactivated, whose tokens the gateway refuses (tokens are stateless and would
 * otherwise open every route until they expire). Asked of the user service at start, then kept
 * from `user.deactivated`.
 */
@Injectable()
export class DeactivatedUsers implements GatewayEventSubscriber, OnApplicationShutdown {
  readonly eventTypes = [EVENTS.userDeactivated];
  private readonly logger = new Logger(DeactivatedUsers.name);
  private readonly ids = new Set<string>();
  private readonly resyncer: Resync;

  constructor(
    events: GatewayEvents,
    private readonly rpc: RpcClient,
  ) {
    events.subscribe(this);
    this.resyncer = new Resync('the deactivated accounts', () => this.load(), this.logger);
  }

  has(userId: string): boolean {
    return this.ids.has(userId);
  }

  apply(event: EventEnvelope): void {
    this.ids.add((event.data as UserDeactivatedEvent).userId);
  }

  resync(): void {
    this.resyncer.start();
  }

  private async load(): Promise<void> {
    const ids = await this.rpc.call<string[]>(RPC.user.adminDeactivatedIds, {}, { timeoutMs: DEACTIVATED_RPC_TIMEOUT_MS });
    for (const id of ids) this.ids.add(id);
  }

  onApplicationShutdown(): void {
    this.resyncer.stop();
  }
}
