import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { databaseUrl, NotifiedCache, SERVICE_CONFIG } from '@shop/kit';
import { OrderPricingRules, pricingRulesOf, SEEDED_SETTINGS, SettingsUpdatedEvent } from '@shop/proto';
import { DataSource } from 'typeorm';
import type { OrderConfig } from '../config/order-config';
import { ShopSettingsEntity } from './shop-settings.entity';

/** The settings as last published, and the pricing rules made of them once per change. */
interface HeldSettings {
  settings: SettingsUpdatedEvent;
  pricing: OrderPricingRules;
}

/**
 * The shop settings checkout prices with and decides cash on delivery by: the last
 * `settings.updated`, or the seeded defaults until the back office has published any.
 */
@Injectable()
export class SettingsService implements OnApplicationBootstrap, OnApplicationShutdown {
  /**
   * Asked at every checkout. Read once and kept until the table's trigger says it changed
   * (OrderSettingsNotify migration), so every replica still follows a change as soon as it commits.
   */
  private readonly cache: NotifiedCache<HeldSettings>;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(SERVICE_CONFIG) config: OrderConfig,
  ) {
    this.cache = new NotifiedCache(
      databaseUrl(config.DATABASE_URL, config.DATABASE_NAME!),
      'shop_settings_changed',
      () => this.read(),
    );
  }

  onApplicationBootstrap(): Promise<void> {
    return this.cache.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.cache.stop();
  }

  async pricingRules(): Promise<OrderPricingRules> {
    return (await this.cache.get()).pricing;
  }

  /** Every setting as it stands now. */
  async current(): Promise<SettingsUpdatedEvent> {
    return (await this.cache.get()).settings;
  }

  private async read(): Promise<HeldSettings> {
    const [row]: Pick<ShopSettingsEntity, 'data'>[] = await this.dataSource.query(
      `SELECT data FROM shop_settings WHERE id = 1`,
    );
    const settings: SettingsUpdatedEvent = { ...SEEDED_SETTINGS, ...(row?.data ?? {}) };
    return { settings, pricing: pricingRulesOf(settings) };
  }
}
