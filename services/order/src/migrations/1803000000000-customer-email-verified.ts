import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Whether each customer's e-mail address is verified (user.registered, user.updated), which checkout
 * asks. Every customer known when this runs counts as verified, as the user service counts them.
 */
export class CustomerEmailVerified1803000000000 implements MigrationInterface {
  name = 'CustomerEmailVerified1803000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE customers ADD COLUMN email_verified boolean NOT NULL DEFAULT true`);
    await q.query(`ALTER TABLE customers ALTER COLUMN email_verified DROP DEFAULT`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE customers DROP COLUMN email_verified`);
  }
}
