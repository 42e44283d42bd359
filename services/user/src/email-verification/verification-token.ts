import { createHmac, KeyObject, timingSafeEqual } from 'node:crypto';

/** What a verification link's token names: the account, the address it was sent to (as a tag), and its end. */
export interface VerificationClaims {
  userId: string;
  /** A keyed digest of the address: the link carries no address, yet one for an old address is told apart. */
  addressTag: string;
  expiresAt: Date;
}

export type TokenReading =
  { ok: true; claims: VerificationClaims } | { ok: false; reason: 'invalid' | 'expired' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TAG_LENGTH = 16;

const base64url = (key: KeyObject, text: string) =>
  createHmac('sha256', key).update(text).digest('base64url');

/**
 * The tokens of e-mail verification links: `<account id>.<expiry, unix seconds>.<address tag>.<HMAC>`,
 * signed with a key of their own. Nothing is stored per link; changing the address makes every
 * earlier link name the wrong address.
 */
export class VerificationTokens {
  constructor(private readonly key: KeyObject) {}

  addressTag(email: string): string {
    return base64url(this.key, `address\u0000${email}`).slice(0, TAG_LENGTH);
  }

  sign(userId: string, email: string, expiresAt: Date): string {
    const payload = `${userId}.${Math.floor(expiresAt.getTime() / 1000)}.${this.addressTag(email)}`;
    return `${payload}.${this.signature(payload)}`;
  }

  /** The claims of a token this key signed; an expired one is told apart from a forged or broken one. */
  read(token: string, now = new Date()): TokenReading {
    const parts = token.split('.');
    if (parts.length !== 4) return { ok: false, reason: 'invalid' };
    const [userId, expires, addressTag, signature] = parts;
    if (!UUID.test(userId) || !/^\d{1,12}$/.test(expires) || addressTag.length !== TAG_LENGTH)
      return { ok: false, reason: 'invalid' };
    const expected = Buffer.from(this.signature(`${userId}.${expires}.${addressTag}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return { ok: false, reason: 'invalid' };
    const expiresAt = new Date(Number(expires) * 1000);
    if (expiresAt <= now) return { ok: false, reason: 'expired' };
    return { ok: true, claims: { userId, addressTag, expiresAt } };
  }

  private signature(payload: string): string {
    return base64url(this.key, `link\u0000${payload}`);
  }
}
