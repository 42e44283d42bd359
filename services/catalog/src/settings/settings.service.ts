import { Injectable } from '@nestjs/common';
import { SEEDED_SETTINGS, SettingsUpdatedEvent } from '@shop/proto';
import { DataSource, EntityManager } from 'typeorm';
import { ShopSettingsEntity } from './shop-settings.entity';

/**
 * The shop settings the catalog follows: the low-stock threshold of products without their own, as
 * of the last `settings.updated`, or the seeded settings' value until the back office has published
 * any. Read at each stock change, so every replica follows a change at once.
 */
@Injectable()
export class SettingsService {
  constructor(private readonly dataSource: DataSource) {}

  async lowStockThreshold(manager: EntityManager = this.dataSource.manager): Promise<number> {
    const row = await manager.findOneBy(ShopSettingsEntity, { id: 1 });
    return row?.lowStockThreshold ?? SEEDED_SETTINGS.lowStockThreshold;
  }

  /** Settings events carry the whole object; an older one arriving late does not undo a newer one. */
  async apply(manager: EntityManager, data: SettingsUpdatedEvent, occurredAt: string): Promise<void> {
    await manager.query(
      `INSERT INTO shop_settings (id, low_stock_threshold, occurred_at) VALUES (1, $1, $2)
       ON CONFLICT (id) DO UPDATE SET low_stock_threshold = EXCLUDED.low_stock_threshold, occurred_at = EXCLUDED.occurred_at
       WHERE shop_settings.occurred_at <= EXCLUDED.occurred_at`,
      [data.lowStockThreshold, occurredAt],
    );
  }
}
