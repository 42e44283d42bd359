import { Injectable } from '@nestjs/common';
import { OrderPricingRules, pricingRulesOf, SEEDED_SETTINGS } from '@shop/proto';
import { DataSource, EntityManager } from 'typeorm';
import { ShopSettingsEntity } from './shop-settings.entity';

/**
 * The shop settings checkout prices with: the last `settings.updated`, or the seeded defaults until
 * the back office has published any. Read per checkout, so every replica follows a change at once.
 */
@Injectable()
export class SettingsService {
  constructor(private readonly dataSource: DataSource) {}

  async pricingRules(manager: EntityManager = this.dataSource.manager): Promise<OrderPricingRules> {
    const [row]: Pick<ShopSettingsEntity, 'data'>[] = await manager.query(
      `SELECT data FROM shop_settings WHERE id = 1`,
    );
    return pricingRulesOf({ ...SEEDED_SETTINGS, ...(row?.data ?? {}) });
  }
}
