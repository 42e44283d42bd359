import { Injectable } from '@nestjs/common';
import { SEEDED_SETTINGS } from '@shop/proto';
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
}
