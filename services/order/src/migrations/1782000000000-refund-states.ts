import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Refunds with states: a refund is `pending` until Razorpay gives the money back (`processed`) or
 * every attempt fails (`failed`, with why); the paid order staff cancel is refunded too
 * (`cancelled`); and a cancelled order's payment status says where its refund stands.
 */
export class OrderRefundStates1782000000000 implements MigrationInterface {
  name = 'OrderRefundStates1782000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders DROP CONSTRAINT orders_payment_status_check`);
    await q.query(`
      ALTER TABLE orders ADD CONSTRAINT orders_payment_status_check CHECK (payment_status IN
        ('pending', 'paid', 'failed', 'expired', 'cancelled', 'refund_pending', 'refunded', 'refund_failed'))`);
    await q.query(`ALTER TABLE order_refunds DROP CONSTRAINT order_refunds_reason_check`);
    await q.query(`
      ALTER TABLE order_refunds
        ADD CONSTRAINT order_refunds_reason_check CHECK (reason IN ('duplicate', 'order_closed', 'cancelled')),
        ADD COLUMN status text NOT NULL DEFAULT 'processed' CHECK (status IN ('pending', 'processed', 'failed')),
        ADD COLUMN error text,
        ALTER COLUMN refund_id DROP NOT NULL,
        ALTER COLUMN refunded_at DROP NOT NULL,
        ADD CONSTRAINT order_refunds_processed_check CHECK ((status = 'processed') = (refunded_at IS NOT NULL))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM order_refunds WHERE status <> 'processed' OR reason = 'cancelled'`);
    await q.query(`
      UPDATE orders SET payment_status = CASE WHEN payment_status = 'refunded' THEN 'refunded' ELSE 'paid' END
       WHERE payment_status IN ('refund_pending', 'refund_failed')`);
    await q.query(`
      ALTER TABLE order_refunds
        DROP CONSTRAINT order_refunds_processed_check,
        DROP CONSTRAINT order_refunds_reason_check,
        ALTER COLUMN refunded_at SET NOT NULL,
        ALTER COLUMN refund_id SET NOT NULL,
        DROP COLUMN error,
        DROP COLUMN status,
        ADD CONSTRAINT order_refunds_reason_check CHECK (reason IN ('duplicate', 'order_closed'))`);
    await q.query(`ALTER TABLE orders DROP CONSTRAINT orders_payment_status_check`);
    await q.query(`
      ALTER TABLE orders ADD CONSTRAINT orders_payment_status_check
        CHECK (payment_status IN ('pending', 'paid', 'failed', 'expired', 'cancelled', 'refunded'))`);
  }
}
