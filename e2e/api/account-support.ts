import { databaseUrl } from '@shop/kit';
import { Client } from 'pg';
import type { Backend } from '../harness/backend';
import type { api } from '../harness/http';
import type { InboxMail } from '../harness/mailbox';

/**
 * What the account tests share: the verification mail a customer was sent, read from the backend's
 * maildev as its owner reads their inbox, and opening its link.
 */

type Http = ReturnType<typeof api>;

export const VERIFICATION_SUBJECT = /^Verify your e-mail address for /;

/** The verification mails delivered to this address, oldest first, once `count` of them arrived. */
export function verificationMails(backend: Backend, email: string, count = 1): Promise<InboxMail[]> {
  if (!backend.mailbox) throw new Error('this backend sends its mail to a relay of its own, not to maildev');
  return backend.mailbox.waitFor({ to: email, subject: VERIFICATION_SUBJECT }, { count });
}

/** The link in a verification mail. */
export function linkIn(mail: InboxMail): string {
  const link = mail.text?.match(/https?:\/\/\S+\/verify-email\?token=[A-Za-z0-9._~%-]+/)?.[0];
  if (!link) throw new Error(`no verification link in:\n${mail.text}`);
  return link;
}

/** The token of a verification link, as the storefront's /verify-email page reads it. */
export const tokenOfLink = (link: string): string => new URL(link).searchParams.get('token') ?? '';

/** The latest verification link delivered to this address, once `count` mails arrived. */
export async function latestVerificationLink(backend: Backend, email: string, count = 1): Promise<string> {
  const mails = await verificationMails(backend, email, count);
  return linkIn(mails[mails.length - 1]);
}

/** The verification mails the user service queued to this address (`mails`), sent or not. */
export async function queuedVerificationMails(
  backend: Backend,
  email: string,
): Promise<{ dedupeKey: string; data: Record<string, unknown> }[]> {
  const db = new Client({ connectionString: databaseUrl(backend.env.DATABASE_URL, backend.databases.user) });
  await db.connect();
  try {
    const { rows } = await db.query(
      `SELECT dedupe_key AS "dedupeKey", data FROM mails
        WHERE kind = 'email-verification' AND recipient = $1 ORDER BY created_at, id`,
      [email.toLowerCase()],
    );
    return rows;
  } finally {
    await db.end();
  }
}

/**
 * Opens the latest verification link sent to this address, as its owner would from their inbox;
 * checkout refuses an unverified address while the shop requires verification.
 */
export async function verifyEmail(http: Http, backend: Backend, email: string): Promise<void> {
  const token = tokenOfLink(await latestVerificationLink(backend, email));
  const res = await http.post('/auth/verify-email', { token });
  if (res.status !== 200) throw new Error(`verification failed: ${res.status} ${JSON.stringify(res.body)}`);
}

/** Verifies the address of the customer signed in with `token`. */
export async function verifyEmailOf(http: Http, backend: Backend, token: string): Promise<void> {
  const me = await http.get('/auth/me', token);
  if (me.status !== 200) throw new Error(`no customer signed in: ${me.status} ${JSON.stringify(me.body)}`);
  await verifyEmail(http, backend, me.body.user.email);
}
