import type { Backend } from './backend';
import type { api } from './http';
import type { InboxMail } from './mailbox';

/**
 * The verification mail a customer was sent, read from the backend's maildev as its owner reads
 * their inbox, and opening its link: checkout refuses an unverified address while the shop
 * requires verification (its default), so the API and browser tests alike verify their shoppers.
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

/** Opens the latest verification link sent to this address, as its owner would from their inbox. */
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
