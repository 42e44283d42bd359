import { databaseUrl } from '@shop/kit';
import { Client } from 'pg';
import type { Backend } from '../harness/backend';
import type { api } from '../harness/http';

/**
 * What the account tests share: the verification mail a customer was sent, and opening its link.
 * The mail is read where the user service queues it (`mails`, the mail sender's queue), so these
 * work whether or not an SMTP server is listening.
 */

type Http = ReturnType<typeof api>;

export interface QueuedVerificationMail {
  recipient: string;
  data: { username: string; link: string; expiresAt: string };
  dedupeKey: string;
}

/** The verification mails queued to this address, oldest first. */
export async function verificationMails(backend: Backend, email: string): Promise<QueuedVerificationMail[]> {
  const db = new Client({ connectionString: databaseUrl(backend.env.DATABASE_URL, backend.databases.user) });
  await db.connect();
  try {
    const { rows } = await db.query<QueuedVerificationMail>(
      `SELECT recipient, data, dedupe_key AS "dedupeKey" FROM mails
        WHERE kind = 'email-verification' AND recipient = $1 ORDER BY created_at, id`,
      [email.toLowerCase()],
    );
    return rows;
  } finally {
    await db.end();
  }
}

/** The token of a verification link, as the storefront's /verify-email page reads it. */
export const tokenOfLink = (link: string): string => new URL(link).searchParams.get('token') ?? '';

/**
 * Opens the latest verification link sent to this address, as its owner would from their inbox;
 * checkout refuses an unverified address while the shop requires verification.
 */
export async function verifyEmail(http: Http, backend: Backend, email: string): Promise<void> {
  const mails = await verificationMails(backend, email);
  if (!mails.length) throw new Error(`no verification mail was queued to ${email}`);
  const res = await http.post('/auth/verify-email', {
    token: tokenOfLink(mails[mails.length - 1].data.link),
  });
  if (res.status !== 200) throw new Error(`verification failed: ${res.status} ${JSON.stringify(res.body)}`);
}

/** Verifies the address of the customer signed in with `token`. */
export async function verifyEmailOf(http: Http, backend: Backend, token: string): Promise<void> {
  const me = await http.get('/auth/me', token);
  if (me.status !== 200) throw new Error(`no customer signed in: ${me.status} ${JSON.stringify(me.body)}`);
  await verifyEmail(http, backend, me.body.user.email);
}
