import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The trace context (W3C `traceparent`, `tracestate`) of the work that wrote an outbox row, so that
 * the relay publishes the event in that trace however much later it runs. Null when untraced.
 */
export class KitOutboxTrace1796000000000 implements MigrationInterface {
  name = 'KitOutboxTrace1796000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbox ADD COLUMN trace_context jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbox DROP COLUMN trace_context`);
  }
}
