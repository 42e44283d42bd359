import type { Client } from 'pg';

/**
 * What the mail tests share: the order number mails name; when the user service has handled an
 * event, and the mails it queued for it, read from the user service's own database (`inbox`, `mails`). A mail is queued in the
 * transaction that handles its event, so once the event is handled, a mail it did not queue never
 * goes out.
 */

/** The order number a mail names: `#` and the last 8 characters of the order id, upper-cased. */
export const orderNumberOf = (orderId: string) => `#${orderId.slice(-8).toUpperCase()}`;

export interface QueuedMailRow {
  kind: string;
  recipient: string;
  dedupe_key: string;
  data: Record<string, unknown>;
  state: string;
}

/** Waits until the user service's inbox holds every one of these events. */
export async function handledByUserService(users: Client, eventIds: readonly string[]): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { rows } = await users.query(
      `SELECT count(*)::int AS n FROM inbox WHERE event_id = ANY($1::uuid[])`,
      [eventIds],
    );
    if (rows[0].n === eventIds.length) return;
    if (Date.now() > deadline)
      throw new Error(`the user service did not handle events ${eventIds.join(', ')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The mails the user service queued for one event (dedupe key `<event id>:<kind>:<to>`), by kind. */
export async function mailsQueuedFor(users: Client, eventId: string): Promise<QueuedMailRow[]> {
  const { rows } = await users.query(
    `SELECT kind, recipient, dedupe_key, data, state FROM mails WHERE dedupe_key LIKE $1 ORDER BY kind`,
    [`${eventId}:%`],
  );
  return rows;
}
