import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The outbox and inbox every service needs for reliable events. Each service lists this
 * migration first in its own checked-in migrations.
 */
export class KitOutboxInbox1700000000000 implements MigrationInterface {
  name = 'KitOutboxInbox1700000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pgcrypto`);
    await q.query(`
      CREATE TABLE outbox (
        seq bigserial PRIMARY KEY,
        id uuid NOT NULL UNIQUE,
        type text NOT NULL,
        payload jsonb NOT NULL,
        occurred_at timestamptz NOT NULL DEFAULT now(),
        request_id text
      )`);
    await q.query(`
      CREATE TABLE inbox (
        event_id uuid PRIMARY KEY,
        type text NOT NULL,
        handled_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE inbox`);
    await q.query(`DROP TABLE outbox`);
  }
}
