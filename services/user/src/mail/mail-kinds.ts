/**
 * What each kind of mail carries in its queued row (`mails.data`): enough to render it at send time
 * together with what the sender reads then (an order's view and documents, the shop's settings).
 */
export interface MailData {
  'password-reset': { username: string; link: string; expiresInMinutes: number };
  'email-verification': { username: string; link: string; expiresAt: string };
}

export type MailKind = keyof MailData;

/** A mail to queue: one per `dedupeKey`, however often it is queued. */
export interface QueuedMail<K extends MailKind = MailKind> {
  kind: K;
  to: string;
  /** What makes it one mail: `<event id>:<kind>:<recipient>`, or the request it answers. */
  dedupeKey: string;
  data: MailData[K];
}
