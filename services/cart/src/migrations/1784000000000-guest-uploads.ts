import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A visitor's uploads are held by their guest cart (the SHA-256 of its id) until sign-in moves
 * them to the customer; every upload has exactly one of the two owners. The move at sign-in finds them
 * by key, the sweep of abandoned ones by age.
 */
export class GuestUploads1784000000000 implements MigrationInterface {
  name = 'GuestUploads1784000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE customization_uploads ALTER COLUMN user_id DROP NOT NULL`);
    await q.query(`ALTER TABLE customization_uploads ADD COLUMN guest_key char(64)`);
    await q.query(`
      ALTER TABLE customization_uploads
        ADD CONSTRAINT customization_uploads_one_owner CHECK ((user_id IS NULL) <> (guest_key IS NULL))`);
    await q.query(
      `CREATE INDEX customization_uploads_guest_idx ON customization_uploads (guest_key) WHERE guest_key IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX customization_uploads_guest_age_idx ON customization_uploads (created_at) WHERE guest_key IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM customization_uploads WHERE user_id IS NULL`);
    await q.query(`DROP INDEX customization_uploads_guest_age_idx`);
    await q.query(`DROP INDEX customization_uploads_guest_idx`);
    await q.query(`ALTER TABLE customization_uploads DROP CONSTRAINT customization_uploads_one_owner`);
    await q.query(`ALTER TABLE customization_uploads DROP COLUMN guest_key`);
    await q.query(`ALTER TABLE customization_uploads ALTER COLUMN user_id SET NOT NULL`);
  }
}
