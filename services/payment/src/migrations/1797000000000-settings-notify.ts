import { notifyOnChangeSql } from '@shop/kit';
import { MigrationInterface, QueryRunner } from 'typeorm';

/** A change to the payment settings wakes every replica's cache of them (PaymentSettingsService). */
export class SettingsNotify1797000000000 implements MigrationInterface {
  name = 'SettingsNotify1797000000000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of notifyOnChangeSql('payment_settings', 'payment_settings_changed')) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER payment_settings_changed ON payment_settings`);
  }
}
