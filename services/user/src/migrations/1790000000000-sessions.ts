import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One row per sign-in, named by every token it issues (`sid`), so a sign-out ends that session
 * only and Settings can list the devices. Replaces the accounts' token versions, which could only
 * end every session at once. `expires_at` is the token's own expiry: the gateway refuses an ended
 * session's tokens until then, and the sweep forgets a session a day after.
 */
export class Sessions1790000000000 implements MigrationInterface {
  name = 'Sessions1790000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        role text NOT NULL CHECK (role IN ('customer', 'admin')),
        account_id uuid NOT NULL,
        user_agent varchar(512),
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        ended_at timestamptz
      )`);
    await q.query(`CREATE INDEX sessions_open_by_account ON sessions (role, account_id) WHERE ended_at IS NULL`);
    await q.query(`CREATE INDEX sessions_ended_by_expiry ON sessions (expires_at) WHERE ended_at IS NOT NULL`);
    await q.query(`CREATE INDEX sessions_by_expiry ON sessions (expires_at)`);
    await q.query(`DROP INDEX users_sessions_revoked_at_idx`);
    for (const table of ['users', 'admins']) {
      await q.query(`ALTER TABLE ${table} DROP COLUMN sessions_revoked_at`);
      await q.query(`ALTER TABLE ${table} DROP COLUMN token_version`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['users', 'admins']) {
      await q.query(`ALTER TABLE ${table} ADD COLUMN token_version integer NOT NULL DEFAULT 0`);
      await q.query(`ALTER TABLE ${table} ADD COLUMN sessions_revoked_at timestamptz`);
    }
    await q.query(`CREATE INDEX users_sessions_revoked_at_idx ON users (sessions_revoked_at) WHERE sessions_revoked_at IS NOT NULL`);
    await q.query(`DROP TABLE sessions`);
  }
}
