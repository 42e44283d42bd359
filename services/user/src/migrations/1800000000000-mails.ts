import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every mail the shop sends, queued in the transaction that decided to send it (an event's inbox
 * transaction, a registration, a reset request), then sent by the mail sender. `dedupe_key` (the
 * event or request it answers, the kind and the recipient) makes each mail exist once.
 *
 * `state`: pending (due at `next_attempt_at`), sending (claimed by the sender holding `claim`
 * until `lease_until`, which `next_attempt_at` then repeats so one index finds both), sent (the
 * relay took it, or is taking it: see mail-sender.service.ts), dead (given up on: a permanent
 * refusal, or MAIL_MAX_ATTEMPTS failures).
 */
export class Mails1800000000000 implements MigrationInterface {
  name = 'Mails1800000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE mails (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        dedupe_key text NOT NULL UNIQUE,
        kind text NOT NULL,
        recipient text NOT NULL,
        data jsonb NOT NULL,
        state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sending', 'sent', 'dead')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        claim uuid,
        lease_until timestamptz,
        last_error text,
        failed_at timestamptz,
        message_id text,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz
      )`);
    await q.query(`CREATE INDEX mails_due ON mails (next_attempt_at) WHERE state IN ('pending', 'sending')`);
    await q.query(`CREATE INDEX mails_dead ON mails (failed_at) WHERE state = 'dead'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE mails`);
  }
}
