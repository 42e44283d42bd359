import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two-factor sign-in for staff: the admin's authenticator secret (AES-256-GCM, under a key derived
 * from JWT_SECRET) and the last time step it accepted (no code is taken twice); the second step's
 * short-lived challenges (only their SHA-256 is stored, as for password resets); and the recovery
 * codes (keyed hashes), each spent once.
 */
export class AdminTwoFactor1802000000000 implements MigrationInterface {
  name = 'AdminTwoFactor1802000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE admins ADD COLUMN totp_secret text`);
    await q.query(`ALTER TABLE admins ADD COLUMN totp_enrolled_at timestamptz`);
    await q.query(`ALTER TABLE admins ADD COLUMN totp_last_step integer`);
    await q.query(`
      CREATE TABLE admin_sign_in_challenges (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        admin_id uuid NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
        token_hash char(64) NOT NULL UNIQUE,
        purpose varchar(8) NOT NULL CHECK (purpose IN ('enrol', 'verify')),
        totp_secret text,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX admin_sign_in_challenges_expiry_idx ON admin_sign_in_challenges (expires_at)`,
    );
    await q.query(`
      CREATE TABLE admin_recovery_codes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        admin_id uuid NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
        code_hash char(64) NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (admin_id, code_hash)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE admin_recovery_codes`);
    await q.query(`DROP TABLE admin_sign_in_challenges`);
    await q.query(`ALTER TABLE admins DROP COLUMN totp_last_step`);
    await q.query(`ALTER TABLE admins DROP COLUMN totp_enrolled_at`);
    await q.query(`ALTER TABLE admins DROP COLUMN totp_secret`);
  }
}
