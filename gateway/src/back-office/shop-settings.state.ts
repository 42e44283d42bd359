import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { RpcClient } from '@shop/kit';
import { CurrentSettingsReply, EventEnvelope, EVENTS, PublicShopSettings, RPC, SettingsUpdatedEvent } from '@shop/proto';
import { GatewayEventSubscriber, GatewayEvents, Resync } from './gateway-events';

const SETTINGS_RPC_TIMEOUT_MS = 3000;

/**
 * The shop's settings as the gateway needs them (maintenance mode, the storefront's public figures):
 * asked of admin-reporting at start, then kept from `settings.updated`. A copy older than the one
 * held is ignored. Until the first answer the shop is open.
 */
@Injectable()
export class ShopSettingsState implements GatewayEventSubscriber, OnApplicationShutdown {
  readonly eventTypes = [EVENTS.settingsUpdated];
  private readonly logger = new Logger(ShopSettingsState.name);
  private settings: PublicShopSettings | null = null;
  private asOf = 0;
  private readonly resyncer: Resync;

  constructor(
    events: GatewayEvents,
    private readonly rpc: RpcClient,
  ) {
    events.subscribe(this);
    this.resyncer = new Resync('the shop settings', () => this.load(), this.logger);
  }

  get maintenanceMode(): boolean {
    return this.settings?.maintenanceMode ?? false;
  }

  /** The settings held, or admin-reporting's answer when none has arrived yet. */
  async current(): Promise<PublicShopSettings> {
    if (!this.settings) await this.load();
    return this.settings!;
  }

  apply(event: EventEnvelope): void {
    this.hold(event.data as SettingsUpdatedEvent, Date.parse(event.occurredAt));
  }

  resync(): void {
    this.resyncer.start();
  }

  private async load(): Promise<void> {
    const reply = await this.rpc.call<CurrentSettingsReply>(RPC.admin.settingsCurrent, {}, { timeoutMs: SETTINGS_RPC_TIMEOUT_MS });
    this.hold(reply.settings, Date.parse(reply.updatedAt));
  }

  private hold(settings: PublicShopSettings, asOf: number): void {
    if (asOf < this.asOf) return;
    if (this.settings?.maintenanceMode !== settings.maintenanceMode) {
      this.logger.log(`maintenance mode ${settings.maintenanceMode ? 'on' : 'off'}`);
    }
    this.settings = settings;
    this.asOf = asOf;
  }

  onApplicationShutdown(): void {
    this.resyncer.stop();
  }
}
