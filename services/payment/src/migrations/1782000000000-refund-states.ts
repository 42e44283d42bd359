import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Refunds with Razorpay's states: a refund Razorpay accepted but has not made is `refund_pending`,
 * one that failed every attempt is `refund_failed` (staff see it), and a paid order staff cancel is
 * refunded too (`cancelled`). Each round of attempts after a refund Razorpay failed has its own
 * idempotency key (`refund_round`). The simulated Razorpay can be told how to answer refunds.
 */
export class RefundStates1782000000000 implements MigrationInterface {
  name = 'RefundStates1782000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE payments
        DROP CONSTRAINT payments_status_check,
        DROP CONSTRAINT payments_refund_owed_check,
        DROP CONSTRAINT payments_refund_reason_check`);
    await q.query(`ALTER TABLE payments ALTER COLUMN status TYPE varchar(14)`);
    await q.query(`
      ALTER TABLE payments
        ADD CONSTRAINT payments_status_check CHECK (status IN
          ('captured', 'failed', 'refund_due', 'refund_pending', 'refunded', 'refund_failed')),
        ADD CONSTRAINT payments_refund_reason_check CHECK (refund_reason IN ('duplicate', 'order_closed', 'cancelled')),
        ADD CONSTRAINT payments_refund_owed_check
          CHECK ((status IN ('refund_due', 'refund_pending', 'refunded', 'refund_failed')) = (refund_reason IS NOT NULL)),
        ADD CONSTRAINT payments_refund_pending_check CHECK (status <> 'refund_pending' OR refund_id IS NOT NULL),
        ADD COLUMN refund_round integer NOT NULL DEFAULT 0 CHECK (refund_round >= 0)`);
    await q.query(`
      ALTER TABLE sandbox_payments
        ADD COLUMN refund_outcome varchar(9) NOT NULL DEFAULT 'processed'
          CHECK (refund_outcome IN ('processed', 'pending', 'failed'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sandbox_payments DROP COLUMN refund_outcome`);
    // Nothing older knows these states: what is under way is due again, what failed is tried again.
    await q.query(`
      UPDATE payments SET status = 'refund_due', refund_id = NULL, refund_next_at = now()
       WHERE status IN ('refund_pending', 'refund_failed')`);
    await q.query(`UPDATE payments SET refund_reason = 'order_closed' WHERE refund_reason = 'cancelled'`);
    await q.query(`
      ALTER TABLE payments
        DROP COLUMN refund_round,
        DROP CONSTRAINT payments_refund_pending_check,
        DROP CONSTRAINT payments_refund_owed_check,
        DROP CONSTRAINT payments_refund_reason_check,
        DROP CONSTRAINT payments_status_check`);
    await q.query(`ALTER TABLE payments ALTER COLUMN status TYPE varchar(10)`);
    await q.query(`
      ALTER TABLE payments
        ADD CONSTRAINT payments_status_check CHECK (status IN ('captured', 'failed', 'refund_due', 'refunded')),
        ADD CONSTRAINT payments_refund_reason_check CHECK (refund_reason IN ('duplicate', 'order_closed')),
        ADD CONSTRAINT payments_refund_owed_check
          CHECK ((status IN ('refund_due', 'refunded')) = (refund_reason IS NOT NULL))`);
  }
}
