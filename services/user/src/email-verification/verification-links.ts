import { Inject, Injectable } from '@nestjs/common';
import { derivedKey, RpcError, SERVICE_CONFIG } from '@shop/kit';
import { tooManyVerificationLinks } from '@shop/proto';
import type { EntityManager } from 'typeorm';
import type { UserConfig } from '../config/user-config';
import { MailQueue } from '../mail/mail-queue.service';
import type { UserEntity } from '../users/user.entity';
import { EmailVerificationLinkEntity } from './email-verification-link.entity';
import { TokenReading, VerificationTokens } from './verification-token';

/** More links than this within an hour are refused, so nobody can flood an inbox from an account. */
export const MAX_VERIFICATION_LINKS_PER_HOUR = 5;

/**
 * Verification links: signed for 24 hours (EMAIL_VERIFICATION_TTL) over the account, its address
 * and the expiry, with a key derived from JWT_SECRET for this use alone, and mailed in the
 * transaction that decided to send them.
 */
@Injectable()
export class VerificationLinks {
  private readonly tokens: VerificationTokens;
  private readonly ttlMs: number;
  private readonly publicUrl: string;

  constructor(
    private readonly mails: MailQueue,
    @Inject(SERVICE_CONFIG) config: UserConfig,
  ) {
    this.tokens = new VerificationTokens(derivedKey(config.JWT_SECRET, 'shop e-mail verification links'));
    this.ttlMs = config.EMAIL_VERIFICATION_TTL * 1000;
    this.publicUrl = config.PUBLIC_URL;
  }

  /**
   * Queues a link to the account's current address in the caller's transaction. With `limited`
   * (a customer asking again), the account's row is locked so the hourly limit holds under
   * parallel requests, and a request over it is refused.
   */
  async send(
    m: EntityManager,
    user: Pick<UserEntity, 'id' | 'email' | 'username'>,
    options: { limited?: boolean } = {},
  ): Promise<void> {
    if (options.limited) {
      await m.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [user.id]);
      const [{ count }]: { count: number }[] = await m.query(
        `SELECT count(*)::int AS count FROM email_verification_links
          WHERE user_id = $1 AND created_at > now() - interval '1 hour'`,
        [user.id],
      );
      if (count >= MAX_VERIFICATION_LINKS_PER_HOUR)
        throw RpcError.tooMany(tooManyVerificationLinks(MAX_VERIFICATION_LINKS_PER_HOUR));
    }
    const expiresAt = new Date(Date.now() + this.ttlMs);
    const link = await m.save(
      m.create(EmailVerificationLinkEntity, { userId: user.id, email: user.email, expiresAt }),
    );
    const token = this.tokens.sign(user.id, user.email, expiresAt);
    await this.mails.enqueue(m, {
      kind: 'email-verification',
      to: user.email,
      dedupeKey: `${link.id}:email-verification:${user.email}`,
      data: {
        username: user.username,
        link: `${this.publicUrl}/verify-email?token=${encodeURIComponent(token)}`,
        expiresAt: expiresAt.toISOString(),
      },
    });
  }

  read(token: string): TokenReading {
    return this.tokens.read(token);
  }

  /** Whether a link's tag names this address. */
  namesAddress(addressTag: string, email: string): boolean {
    return this.tokens.addressTag(email) === addressTag;
  }
}
