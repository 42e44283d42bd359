import { MigrationInterface, QueryRunner } from 'typeorm';

/** Single-use password reset tokens; only their SHA-256 hashes are stored. */
export class PasswordResets1760000000000 implements MigrationInterface {
  name = 'PasswordResets1760000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE password_resets (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        token_hash char(64) NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX password_resets_user_idx ON password_resets (user_id, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE password_resets`);
  }
}
