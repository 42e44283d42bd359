import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type MailKind, mailSwitchedOff, type QueuedMail } from './mail-kinds';
import { shopSettingsFor } from './mail-settings';

/** The channel the mail sender listens on: a queued mail wakes it when its transaction commits. */
export const MAILS_DUE_CHANNEL = 'mails_due';

/**
 * Queues mail in the caller's transaction, so a mail exists exactly when the change that decided it
 * commits; the sender delivers it afterwards. Queuing the same `dedupeKey` again does nothing. The
 * back office's notification switches are read here, as they stand in this transaction: a kind
 * switched off is not queued at all (MAIL_SWITCHES).
 */
@Injectable()
export class MailQueue {
  /** True when the mail was queued now; false when it already was, or its kind is switched off. */
  async enqueue<K extends MailKind>(manager: EntityManager, mail: QueuedMail<K>): Promise<boolean> {
    if (mailSwitchedOff(mail.kind, await shopSettingsFor(manager))) return false;
    const rows: unknown[] = await manager.query(
      `WITH queued AS (
         INSERT INTO mails (dedupe_key, kind, recipient, data) VALUES ($1, $2, $3, $4)
         ON CONFLICT (dedupe_key) DO NOTHING RETURNING id
       )
       SELECT pg_notify($5, '') FROM queued`,
      [mail.dedupeKey, mail.kind, mail.to, JSON.stringify(mail.data), MAILS_DUE_CHANNEL],
    );
    return rows.length > 0;
  }
}
