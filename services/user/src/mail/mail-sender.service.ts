import { Inject, Injectable } from '@nestjs/common';
import { databaseUrl, HealthDetails, PeriodicSweep, SERVICE_CONFIG } from '@shop/kit';
import MailComposer from 'nodemailer/lib/mail-composer';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import type { UserConfig } from '../config/user-config';
import { MAIL_SECRET_FIELDS, type MailData, type MailKind } from './mail-kinds';
import { MailMetrics, type MailQueueReading } from './mail-metrics';
import { MAILS_DUE_CHANNEL } from './mail-queue.service';
import { type ComposedMail, MailRenderer, UnrenderableMail } from './mail-renderer.service';
import { afterFailedAttempt, type MailRetryPolicy } from './mail-retry';
import { type PreparedMessage, SmtpFailure, SmtpRelay } from './smtp-relay';

/** A mail as the sender claimed it. */
interface ClaimedMail {
  id: string;
  kind: MailKind;
  recipient: string;
  data: MailData[MailKind];
  attempts: number;
  claim: string;
}

interface LastFailure {
  at: string;
  mail: string;
  error: string;
}

const RELISTEN_MS = 1000;
/** What the log and the row keep of an error. */
const ERROR_MAX_LENGTH = 1000;

/**
 * Sends the queued mail (table `mails`), each exactly once, through SMTP_URL. Every replica runs
 * one: it is woken by `mails_due` when a mail is queued (a dedicated listening connection, as the
 * outbox relay's), by the retry it scheduled next, and by a poll (MAIL_POLL_MS) as a safety net.
 * Replicas share the work by claiming rows with FOR UPDATE SKIP LOCKED, at most MAIL_CONCURRENCY
 * at a time each, under a lease and a fresh claim id.
 *
 * Never twice, never lost: the message goes to the relay whole but for the line that ends it; the
 * row is marked `sent`, guarded by the claim id, and committed; only then does the end go out
 * (SmtpRelay). A process killed before that commit leaves a claimed row whose lease lapses, and a
 * message the relay dropped for want of its end: it is sent again, once. A reclaimed row's old
 * holder finds its claim gone, cannot mark it, and withdraws its message. If the relay refuses the
 * message after the commit, or the connection breaks before its answer, the row goes back to
 * pending with backoff (or dead, for a permanent 5xx). Killed between the commit and writing the
 * end, the mail is lost: a window of one write to the socket (docs/operations.md).
 */
@Injectable()
export class MailSender extends PeriodicSweep {
  private readonly relay: SmtpRelay;
  private readonly retry: MailRetryPolicy;
  private readonly metrics: MailMetrics;
  private readonly messageIdDomain: string;
  private listener?: Client;
  private nextRetry?: NodeJS.Timeout;
  private sent = 0;
  private lastFailure: LastFailure | null = null;
  /** Since when every delivery has failed for a reason of the relay's (not one refused address). */
  private failingSince: string | null = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly renderer: MailRenderer,
    @Inject(SERVICE_CONFIG) private readonly config: UserConfig,
    health: HealthDetails,
  ) {
    super('mail sending pass', config.MAIL_POLL_MS / 1000);
    this.relay = new SmtpRelay(config.SMTP_URL);
    this.retry = {
      baseMs: config.MAIL_RETRY_BASE_MS,
      maxMs: config.MAIL_RETRY_MAX_MS,
      maxAttempts: config.MAIL_MAX_ATTEMPTS,
    };
    this.metrics = new MailMetrics(() => this.readQueue());
    this.messageIdDomain = /@([^>\s]+)>?\s*$/.exec(config.MAIL_FROM)?.[1] ?? 'localhost';
    health.register('mail', () => {
      const queue = this.metrics.queue;
      return {
        up: this.failingSince === null,
        relay: this.relay.address,
        sent: this.sent,
        pending: queue.pending,
        dead: queue.dead,
        oldestPendingSeconds: Math.round(queue.oldestPendingSeconds),
        ...(this.failingSince && { failingSince: this.failingSince }),
        ...(this.lastFailure && { lastFailure: this.lastFailure }),
      };
    });
  }

  override async onApplicationBootstrap(): Promise<void> {
    super.onApplicationBootstrap();
    await this.listen();
    void this.sweep();
  }

  override async onApplicationShutdown(): Promise<void> {
    clearTimeout(this.nextRetry);
    await super.onApplicationShutdown();
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
  }

  /** LISTEN mails_due on a connection of its own; lost, it comes back, and the poll covers the gap. */
  private async listen(): Promise<void> {
    if (this.stopping) return;
    const client = new Client({
      connectionString: databaseUrl(this.config.DATABASE_URL, this.config.DATABASE_NAME),
    });
    client.on('notification', () => void this.sweep());
    client.on('error', (err) => {
      this.logger.warn(`${MAILS_DUE_CHANNEL} listener lost, polling meanwhile: ${err.message}`);
      if (this.listener === client) this.listener = undefined;
      setTimeout(() => void this.listen(), RELISTEN_MS).unref();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${MAILS_DUE_CHANNEL}`);
      this.listener = client;
    } catch (err) {
      this.logger.warn(
        `${MAILS_DUE_CHANNEL} listener not started, polling meanwhile: ${(err as Error).message}`,
      );
      await client.end().catch(() => undefined);
      setTimeout(() => void this.listen(), RELISTEN_MS).unref();
    }
  }

  /** Sends what is due, a batch of MAIL_CONCURRENCY at a time, then sets a timer for the next retry. */
  protected async pass(): Promise<void> {
    try {
      for (;;) {
        if (this.stopping) return;
        const batch = await this.claim(this.config.MAIL_CONCURRENCY);
        if (!batch.length) break;
        await Promise.all(batch.map((mail) => this.send(mail)));
      }
      await this.scheduleNextRetry();
    } finally {
      await this.metrics.refresh(() => this.readQueue());
    }
  }

  private async claim(limit: number): Promise<ClaimedMail[]> {
    return this.dataSource.query(
      `WITH due AS (
         SELECT id FROM mails
          WHERE state IN ('pending', 'sending') AND next_attempt_at <= now()
          ORDER BY next_attempt_at
          LIMIT $1
          FOR UPDATE SKIP LOCKED
       ), claimed AS (
         UPDATE mails m
            SET state = 'sending', claim = gen_random_uuid(), attempts = m.attempts + 1,
                lease_until = now() + $2 * interval '1 millisecond',
                next_attempt_at = now() + $2 * interval '1 millisecond'
           FROM due WHERE m.id = due.id
         RETURNING m.id, m.kind, m.recipient, m.data, m.attempts, m.claim
       )
       SELECT * FROM claimed`,
      [limit, this.config.MAIL_LEASE_MS],
    );
  }

  /** Wakes the sender when the earliest retry falls due, if that is before the next poll. */
  private async scheduleNextRetry(): Promise<void> {
    const [next]: { wait_ms: number | null }[] = await this.dataSource.query(
      `SELECT EXTRACT(EPOCH FROM min(next_attempt_at) - now()) * 1000 AS wait_ms
         FROM mails WHERE state IN ('pending', 'sending')`,
    );
    clearTimeout(this.nextRetry);
    const waitMs = next?.wait_ms === null || next === undefined ? null : Math.max(0, Number(next.wait_ms));
    if (waitMs !== null && waitMs < this.config.MAIL_POLL_MS && !this.stopping) {
      this.nextRetry = setTimeout(() => void this.sweep(), waitMs + 5);
      this.nextRetry.unref();
    }
  }

  private async send(mail: ClaimedMail): Promise<void> {
    let committed = false;
    // The same id on every attempt: a relay or mailbox that sees a mail twice can tell.
    const messageId = `<mail-${mail.id}@${this.messageIdDomain}>`;
    try {
      const outcome = await this.relay.deliver(
        async () =>
          this.build(
            mail,
            await this.renderer.compose({ id: mail.id, kind: mail.kind, data: mail.data }),
            messageId,
          ),
        async () => {
          committed = await this.markSent(mail, messageId);
          return committed;
        },
      );
      if (outcome === 'withdrawn') {
        this.logger.warn(
          `mail ${mail.id} was claimed again elsewhere after its lease lapsed; this copy was withdrawn`,
        );
        return;
      }
      this.sent += 1;
      this.failingSince = null;
      this.metrics.sent.inc({ kind: mail.kind });
      await this.forgetSecrets(mail);
    } catch (err) {
      await this.failed(mail, err as Error, committed).catch((e: Error) =>
        this.logger.error(
          `mail ${mail.id} failed (${(err as Error).message}) and could not be put back: ${e.message}`,
        ),
      );
    }
  }

  private async build(
    mail: ClaimedMail,
    composed: ComposedMail,
    messageId: string,
  ): Promise<PreparedMessage> {
    const node = new MailComposer({
      from: this.config.MAIL_FROM,
      to: mail.recipient,
      replyTo: composed.replyTo,
      subject: composed.subject,
      text: composed.text,
      html: composed.html,
      attachments: composed.attachments,
      messageId,
    }).compile();
    const envelope = node.getEnvelope();
    return { envelope: { from: envelope.from || '', to: envelope.to }, message: await node.build() };
  }

  /**
   * Records the mail as sent, if this claim still holds it, in one autocommitted statement. When the
   * database's answer is lost, the row says whether the statement took effect.
   */
  private async markSent(mail: ClaimedMail, messageId: string): Promise<boolean> {
    const mark = () =>
      this.dataSource.query(
        `WITH marked AS (
           UPDATE mails SET state = 'sent', sent_at = now(), message_id = $3, lease_until = NULL
            WHERE id = $1 AND claim = $2 AND state = 'sending'
           RETURNING id
         )
         SELECT id FROM marked`,
        [mail.id, mail.claim, messageId],
      ) as Promise<unknown[]>;
    try {
      return (await mark()).length === 1;
    } catch (err) {
      const [row]: { state: string }[] = await this.dataSource.query(
        `SELECT state FROM mails WHERE id = $1 AND claim = $2`,
        [mail.id, mail.claim],
      );
      if (row?.state === 'sent') return true;
      throw err;
    }
  }

  /**
   * Puts a failed attempt's mail back with the wait the retry schedule gives, or dead-letters it:
   * a permanent refusal, a mail that cannot be rendered, or its last attempt. Guarded by the claim,
   * so an attempt whose claim was taken over changes nothing.
   */
  private async failed(mail: ClaimedMail, err: Error, afterCommit: boolean): Promise<void> {
    const smtp = err instanceof SmtpFailure ? err : undefined;
    const permanent = err instanceof UnrenderableMail || !!smtp?.permanent;
    const next = permanent ? 'dead' : afterFailedAttempt(mail.attempts, this.retry);
    const error = `${afterCommit ? 'after the message was committed: ' : ''}${err.message}`.slice(
      0,
      ERROR_MAX_LENGTH,
    );
    const at = new Date().toISOString();
    this.metrics.failedAttempts.inc({ kind: mail.kind });
    this.lastFailure = { at, mail: mail.id, error };
    if (smtp && !smtp.permanent) this.failingSince ??= at;
    const how = next === 'dead' ? 'dead-lettered' : `retried in ${next.retryInMs} ms`;
    this.logger.warn(`mail ${mail.id} (${mail.kind}, attempt ${mail.attempts}) failed, ${how}: ${error}`);
    await this.dataSource.query(
      `UPDATE mails
          SET state = $3, next_attempt_at = now() + $4 * interval '1 millisecond', lease_until = NULL,
              last_error = $5, failed_at = now(), sent_at = NULL
        WHERE id = $1 AND claim = $2 AND state IN ('sending', 'sent')`,
      [
        mail.id,
        mail.claim,
        next === 'dead' ? 'dead' : 'pending',
        next === 'dead' ? 0 : next.retryInMs,
        error,
      ],
    );
  }

  private async forgetSecrets(mail: ClaimedMail): Promise<void> {
    const fields = MAIL_SECRET_FIELDS[mail.kind];
    if (!fields?.length) return;
    await this.dataSource
      .query(`UPDATE mails SET data = data - $2::text[] WHERE id = $1 AND state = 'sent'`, [mail.id, fields])
      .catch((err: Error) =>
        this.logger.warn(`mail ${mail.id} keeps its link until its row goes: ${err.message}`),
      );
  }

  private async readQueue(): Promise<MailQueueReading> {
    const [row]: { pending: number; dead: number; age: number }[] = await this.dataSource.query(
      `SELECT (SELECT count(*) FROM mails WHERE state IN ('pending', 'sending'))::int AS pending,
              (SELECT count(*) FROM mails WHERE state = 'dead')::int AS dead,
              COALESCE(EXTRACT(EPOCH FROM now() - (SELECT min(created_at) FROM mails WHERE state IN ('pending', 'sending'))), 0)::float8 AS age`,
    );
    return { pending: row.pending, dead: row.dead, oldestPendingSeconds: Math.max(0, row.age) };
  }
}
