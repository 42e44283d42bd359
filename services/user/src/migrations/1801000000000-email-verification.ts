import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When each customer's e-mail address was verified, and the verification links sent (for the
 * hourly limit; the links themselves are signed, not stored). Every account that exists when this
 * runs counts as verified, so the setting locks no existing customer out of checkout.
 */
export class EmailVerification1801000000000 implements MigrationInterface {
  name = 'EmailVerification1801000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN email_verified_at timestamptz`);
    await q.query(`UPDATE users SET email_verified_at = now()`);
    await q.query(`
      CREATE TABLE email_verification_links (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        email varchar(254) NOT NULL,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX email_verification_links_user_idx ON email_verification_links (user_id, created_at)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE email_verification_links`);
    await q.query(`ALTER TABLE users DROP COLUMN email_verified_at`);
  }
}
