import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Refunds of payments that paid for nothing: the service's record of what it owes and what it
 * gave back, and the simulated Razorpay's refunds.
 */
export class PaymentRefunds1780000000000 implements MigrationInterface {
  name = 'PaymentRefunds1780000000000';

  async up(q: QueryRunner): Promise<void> {
    // A payment owed back is 'refund_due' until Razorpay has made the refund ('refunded'). The due
    // row carries when it may next be tried: a claim while one call is at Razorpay, then the
    // back-off after a failure.
    await q.query(`ALTER TABLE payments DROP CONSTRAINT payments_status_check`);
    await q.query(`ALTER TABLE payments ALTER COLUMN status TYPE varchar(10)`);
    await q.query(`
      ALTER TABLE payments
        ADD CONSTRAINT payments_status_check CHECK (status IN ('captured', 'failed', 'refund_due', 'refunded')),
        ADD COLUMN refund_reason varchar(12) CHECK (refund_reason IN ('duplicate', 'order_closed')),
        ADD COLUMN refund_id text UNIQUE,
        ADD COLUMN refunded_at timestamptz,
        ADD COLUMN refund_attempts integer NOT NULL DEFAULT 0,
        ADD COLUMN refund_next_at timestamptz,
        ADD COLUMN refund_error text,
        ADD CONSTRAINT payments_refund_owed_check
          CHECK ((status IN ('refund_due', 'refunded')) = (refund_reason IS NOT NULL)),
        ADD CONSTRAINT payments_refund_due_check CHECK ((status = 'refund_due') = (refund_next_at IS NOT NULL)),
        ADD CONSTRAINT payments_refunded_check
          CHECK ((status = 'refunded') = (refund_id IS NOT NULL AND refunded_at IS NOT NULL))`);
    await q.query(
      `CREATE INDEX payments_refund_due_idx ON payments (refund_next_at) WHERE status = 'refund_due'`,
    );

    await q.query(`ALTER TABLE sandbox_payments DROP CONSTRAINT sandbox_payments_status_check`);
    await q.query(`
      ALTER TABLE sandbox_payments
        ADD CONSTRAINT sandbox_payments_status_check
          CHECK (status IN ('authorized', 'captured', 'refunded', 'failed')),
        ADD COLUMN amount_refunded integer NOT NULL DEFAULT 0 CHECK (amount_refunded >= 0 AND amount_refunded <= amount)`);
    await q.query(`
      CREATE TABLE sandbox_refunds (
        id text PRIMARY KEY,
        payment_id text NOT NULL REFERENCES sandbox_payments (id),
        amount integer NOT NULL CHECK (amount > 0),
        currency varchar(3) NOT NULL,
        receipt text,
        notes jsonb NOT NULL DEFAULT '{}',
        speed_requested varchar(7) NOT NULL CHECK (speed_requested IN ('normal', 'optimum')),
        status varchar(9) NOT NULL CHECK (status IN ('pending', 'processed', 'failed')),
        -- Razorpay's X-Refund-Idempotency: a retried request with the same key gets this refund back.
        idempotency_key text UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX sandbox_refunds_payment_idx ON sandbox_refunds (payment_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE sandbox_refunds`);
    await q.query(`ALTER TABLE sandbox_payments DROP COLUMN amount_refunded`);
    await q.query(`ALTER TABLE sandbox_payments DROP CONSTRAINT sandbox_payments_status_check`);
    await q.query(
      `ALTER TABLE sandbox_payments ADD CONSTRAINT sandbox_payments_status_check CHECK (status IN ('authorized', 'captured', 'failed'))`,
    );
    await q.query(`DROP INDEX payments_refund_due_idx`);
    await q.query(`
      ALTER TABLE payments
        DROP CONSTRAINT payments_refunded_check,
        DROP CONSTRAINT payments_refund_due_check,
        DROP CONSTRAINT payments_refund_owed_check,
        DROP CONSTRAINT payments_status_check,
        DROP COLUMN refund_error,
        DROP COLUMN refund_next_at,
        DROP COLUMN refund_attempts,
        DROP COLUMN refunded_at,
        DROP COLUMN refund_id,
        DROP COLUMN refund_reason`);
    await q.query(`ALTER TABLE payments ALTER COLUMN status TYPE varchar(8)`);
    await q.query(
      `ALTER TABLE payments ADD CONSTRAINT payments_status_check CHECK (status IN ('captured', 'failed'))`,
    );
  }
}
