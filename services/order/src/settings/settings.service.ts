import { Injectable } from '@nestjs/common';
import { OrderPricingRules, pricingRulesOf, SEEDED_SETTINGS, SettingsUpdatedEvent } from '@shop/proto';
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
    const row = await manager.findOneBy(ShopSettingsEntity, { id: 1 });
    return pricingRulesOf({ ...SEEDED_SETTINGS, ...(row?.data ?? {}) });
  }

  /** Settings events carry the whole object; an older one arriving late does not undo a newer one. */
  async apply(manager: EntityManager, data: SettingsUpdatedEvent, occurredAt: string): Promise<void> {
    await manager.query(
      `INSERT INTO shop_settings (id, data, occurred_at) VALUES (1, $1, $2)
       ON CONFLICT (id) DO UPDATE SET data = EXCLUDED.data, occurred_at = EXCLUDED.occurred_at
       WHERE shop_settings.occurred_at <= EXCLUDED.occurred_at`,
      [JSON.stringify(data), occurredAt],
    );
  }
}
