import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { databaseUrl, NotifiedCache, SERVICE_CONFIG } from '@shop/kit';
import { OrderPricingRules, pricingRulesOf, SEEDED_SETTINGS, SettingsUpdatedEvent } from '@shop/proto';
import { DataSource, EntityManager } from 'typeorm';
import type { OrderConfig } from '../config/order-config';
import { ShopSettingsEntity } from './shop-settings.entity';

/** The settings as last published, and the pricing rules made of them once per change. */
interface HeldSettings {
  settings: SettingsUpdatedEvent;
  pricing: OrderPricingRules;
}

/**
 * The shop settings checkout prices with, decides cash on delivery by and issues invoices under: the last
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

  /**
   * Every setting as it stands in the caller's transaction: a document is issued under the settings
   * of that moment, and reading through the transaction's own connection never waits for another.
   */
  async settings(m: EntityManager): Promise<SettingsUpdatedEvent> {
    const [row]: Pick<ShopSettingsEntity, 'data'>[] = await m.query(
      `SELECT data FROM shop_settings WHERE id = 1`,
    );
    return { ...SEEDED_SETTINGS, ...(row?.data ?? {}) };
  }

  private async read(): Promise<HeldSettings> {
    const settings = await this.settings(this.dataSource.manager);
    return { settings, pricing: pricingRulesOf(settings) };
  }
}
