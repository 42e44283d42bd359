import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How an order ships (standard or express), the business buyer's GSTIN and company name for a tax
 * invoice, and each line's HSN code as ordered: an invoice prints what the order was placed with.
 */
export class OrderShippingBuyer1800000000000 implements MigrationInterface {
  name = 'OrderShippingBuyer1800000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders ADD COLUMN shipping_method text NOT NULL DEFAULT 'standard'`);
    await q.query(`ALTER TABLE orders ADD COLUMN buyer_gstin text`);
    await q.query(`ALTER TABLE orders ADD COLUMN buyer_company text`);
    await q.query(`ALTER TABLE order_lines ADD COLUMN hsn_code text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE order_lines DROP COLUMN hsn_code`);
    await q.query(`ALTER TABLE orders DROP COLUMN buyer_company`);
    await q.query(`ALTER TABLE orders DROP COLUMN buyer_gstin`);
    await q.query(`ALTER TABLE orders DROP COLUMN shipping_method`);
  }
}
