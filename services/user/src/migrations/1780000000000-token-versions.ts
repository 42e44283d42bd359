import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each account's token version: tokens carry the version they were issued at, and a logout,
 * password change, reset or deactivation raises it, which ends every token issued before. When it
 * was last raised tells which accounts can still have such tokens unexpired.
 */
export class TokenVersions1780000000000 implements MigrationInterface {
  name = 'TokenVersions1780000000000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of ['users', 'admins']) {
      await q.query(`ALTER TABLE ${table} ADD COLUMN token_version integer NOT NULL DEFAULT 0`);
      await q.query(`ALTER TABLE ${table} ADD COLUMN sessions_revoked_at timestamptz`);
    }
    await q.query(`CREATE INDEX users_sessions_revoked_at_idx ON users (sessions_revoked_at) WHERE sessions_revoked_at IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['users', 'admins']) {
      await q.query(`ALTER TABLE ${table} DROP COLUMN sessions_revoked_at`);
      await q.query(`ALTER TABLE ${table} DROP COLUMN token_version`);
    }
  }
}
