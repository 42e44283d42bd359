import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payments the payment service refunded (`payment.refunded`), kept per order, and the `refunded`
 * payment status of a cancelled order whose late payment was given back.
 */
export class OrderRefunds1781000000000 implements MigrationInterface {
  name = 'OrderRefunds1781000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders DROP CONSTRAINT orders_payment_status_check`);
    await q.query(`
      ALTER TABLE orders ADD CONSTRAINT orders_payment_status_check
        CHECK (payment_status IN ('pending', 'paid', 'failed', 'expired', 'cancelled', 'refunded'))`);
    // Keyed by the refunded payment: the payment service refunds a payment at most once.
    await q.query(`
      CREATE TABLE order_refunds (
        payment_id text PRIMARY KEY,
        order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
        refund_id text NOT NULL UNIQUE,
        amount_paise bigint NOT NULL CHECK (amount_paise > 0),
        reason text NOT NULL CHECK (reason IN ('duplicate', 'order_closed')),
        refunded_at timestamptz NOT NULL,
        recorded_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX order_refunds_by_order ON order_refunds (order_id, refunded_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE order_refunds`);
    await q.query(`
      UPDATE orders SET payment_status = CASE cancel_reason WHEN 'expired' THEN 'expired' ELSE 'cancelled' END
       WHERE payment_status = 'refunded'`);
    await q.query(`ALTER TABLE orders DROP CONSTRAINT orders_payment_status_check`);
    await q.query(`
      ALTER TABLE orders ADD CONSTRAINT orders_payment_status_check
        CHECK (payment_status IN ('pending', 'paid', 'failed', 'expired', 'cancelled'))`);
  }
}
