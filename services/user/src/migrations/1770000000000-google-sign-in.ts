import { MigrationInterface, QueryRunner } from 'typeorm';

/** The Google account (OpenID `sub`) a customer signs in with, at most one per customer and one customer per Google account. */
export class GoogleSignIn1770000000000 implements MigrationInterface {
  name = 'GoogleSignIn1770000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN google_id varchar(64)`);
    await q.query(`ALTER TABLE users ADD CONSTRAINT users_google_id_key UNIQUE (google_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users DROP COLUMN google_id`);
  }
}
