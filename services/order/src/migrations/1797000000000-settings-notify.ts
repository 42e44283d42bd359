import { notifyOnChangeSql } from '@shop/kit';
import { MigrationInterface, QueryRunner } from 'typeorm';

/** A change to the shop settings wakes every replica's cache of them (SettingsService). */
export class OrderSettingsNotify1797000000000 implements MigrationInterface {
  name = 'OrderSettingsNotify1797000000000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of notifyOnChangeSql('shop_settings', 'shop_settings_changed')) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER shop_settings_changed ON shop_settings`);
  }
}
