import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The money given back (`payment.refunded`), one row per refunded payment: the reports show it
 * beside revenue. A refund of a paid order staff cancelled left revenue when the order was cancelled.
 */
export class Refunds1782000000000 implements MigrationInterface {
  name = 'Refunds1782000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE refunds (
        payment_id text PRIMARY KEY,
        order_id uuid NOT NULL,
        refund_id text NOT NULL,
        amount_paise bigint NOT NULL CHECK (amount_paise > 0),
        reason text NOT NULL,
        refunded_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX refunds_by_time ON refunds (refunded_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE refunds`);
  }
}
