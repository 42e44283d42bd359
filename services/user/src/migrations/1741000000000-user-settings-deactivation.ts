import { MigrationInterface, QueryRunner } from 'typeorm';

/** The projection of the shop's settings, and when staff deactivated an account. */
export class UserSettingsDeactivation1741000000000 implements MigrationInterface {
  name = 'UserSettingsDeactivation1741000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE shop_settings (
        id smallint PRIMARY KEY CHECK (id = 1),
        data jsonb NOT NULL,
        occurred_at timestamptz NOT NULL
      )`);
    await q.query(`ALTER TABLE users ADD COLUMN deactivated_at timestamptz`);
    await q.query(`CREATE INDEX users_deactivated_idx ON users (id) WHERE NOT is_active`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX users_deactivated_idx`);
    await q.query(`ALTER TABLE users DROP COLUMN deactivated_at`);
    await q.query(`DROP TABLE shop_settings`);
  }
}
