import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Cash on delivery: such an order is paid at the door, so it has no payment window (`expires_at`
 * is null, and only for it: the unpaid-order sweep never expires it), and staff may cancel it as
 * `refused` when the buyer turns the parcel away.
 */
export class OrderCashOnDelivery1802000000000 implements MigrationInterface {
  name = 'OrderCashOnDelivery1802000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders DROP CONSTRAINT orders_cancel_reason_check`);
    await q.query(`
      ALTER TABLE orders ADD CONSTRAINT orders_cancel_reason_check
        CHECK (cancel_reason IN ('expired', 'staff', 'refused'))`);
    await q.query(`ALTER TABLE orders ALTER COLUMN expires_at DROP NOT NULL`);
    await q.query(`
      ALTER TABLE orders ADD CONSTRAINT orders_payment_window_check
        CHECK ((payment_method = 'cod') = (expires_at IS NULL))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders DROP CONSTRAINT orders_payment_window_check`);
    // A release without cash on delivery knows only payment windows: a month from placing.
    await q.query(`UPDATE orders SET expires_at = created_at + interval '30 days' WHERE expires_at IS NULL`);
    await q.query(`ALTER TABLE orders ALTER COLUMN expires_at SET NOT NULL`);
    await q.query(`UPDATE orders SET cancel_reason = 'staff' WHERE cancel_reason = 'refused'`);
    await q.query(`ALTER TABLE orders DROP CONSTRAINT orders_cancel_reason_check`);
    await q.query(`
      ALTER TABLE orders ADD CONSTRAINT orders_cancel_reason_check
        CHECK (cancel_reason IN ('expired', 'staff'))`);
  }
}
