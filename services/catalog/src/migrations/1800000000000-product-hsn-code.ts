import { MigrationInterface, QueryRunner } from 'typeorm';

/** A product's HSN code for tax invoices; null takes its category's default (`hsnCodeOf`). */
export class ProductHsnCode1800000000000 implements MigrationInterface {
  name = 'ProductHsnCode1800000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE products ADD COLUMN hsn_code text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE products DROP COLUMN hsn_code`);
  }
}
