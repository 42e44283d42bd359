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

/**
 * Where staff read mail: the business e-mail, or ADMIN_EMAIL while the settings have none. Staff
 * mails go there, and every mail's replies: a shopper answering "reply to this e-mail" reaches a
 * person, not MAIL_FROM's no-reply box.
 */
export function staffAddress(settings: SettingsUpdatedEvent, adminEmail: string): string {
  return settings.businessEmail || adminEmail;
}
