import { Injectable } from '@nestjs/common';
import { SEEDED_SETTINGS } from '@shop/proto';
import { DataSource, EntityManager } from 'typeorm';
import { ShopSettingsEntity } from './shop-settings.entity';

/** Auto reorder as the back office set it: on or off, and how many units a request asks for. */
export interface AutoReorderSettings {
  enabled: boolean;
  quantity: number;
}

/**
 * The shop settings the catalog follows: the low-stock threshold of products without their own and
 * auto reorder, as of the last `settings.updated`, or the seeded settings' values until the back
 * office has published any. Read at each stock change, so every replica follows a change at once.
 */
@Injectable()
export class SettingsService {
  constructor(private readonly dataSource: DataSource) {}

  async lowStockThreshold(manager: EntityManager = this.dataSource.manager): Promise<number> {
    const row = await manager.findOneBy(ShopSettingsEntity, { id: 1 });
    return row?.lowStockThreshold ?? SEEDED_SETTINGS.lowStockThreshold;
  }

  async autoReorder(manager: EntityManager = this.dataSource.manager): Promise<AutoReorderSettings> {
    const row = await manager.findOneBy(ShopSettingsEntity, { id: 1 });
    return {
      enabled: row?.autoReorderEnabled ?? SEEDED_SETTINGS.autoReorderEnabled,
      quantity: row?.autoReorderQuantity ?? SEEDED_SETTINGS.autoReorderQuantity,
    };
  }
}
