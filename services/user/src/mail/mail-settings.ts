import { SEEDED_SETTINGS, type SettingsUpdatedEvent } from '@shop/proto';
import type { EntityManager } from 'typeorm';
import { ShopSettingsEntity } from '../settings/shop-settings.entity';

/**
 * The shop's settings as the user service last heard them (`settings.updated`, kept in
 * shop_settings), over the seeded defaults: before the back office ever saved, and for fields an
 * older event did not carry yet.
 */
export async function shopSettingsFor(manager: EntityManager): Promise<SettingsUpdatedEvent> {
  const row = await manager.findOneBy(ShopSettingsEntity, { id: 1 });
  return { ...SEEDED_SETTINGS, ...row?.data };
}
