import { Injectable } from '@nestjs/common';
import { RpcError } from '@shop/kit';
import {
  ACCOUNT_SECURITY_MESSAGES,
  EmailStatusReply,
  EmailVerifiedReply,
  MESSAGES,
  REPORTING_MESSAGES,
  verificationLinkSentMessage,
  VerifyEmailInput,
} from '@shop/proto';
import { DataSource } from 'typeorm';
import { UserEntity } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { VerificationLinks } from './verification-links';

/** Customers proving their e-mail address is theirs: the link they were sent, or a new one. */
@Injectable()
export class EmailVerificationService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly links: VerificationLinks,
  ) {}

  /**
   * Marks the address the link was sent to as verified, and tells the other services (the order
   * service then lets the customer check out). Opening the link again answers the same.
   */
  async verify(input: VerifyEmailInput): Promise<EmailVerifiedReply> {
    const reading = this.links.read(input.token);
    if (!reading.ok) {
      throw RpcError.badRequest(
        reading.reason === 'expired'
          ? ACCOUNT_SECURITY_MESSAGES.verificationLinkExpired
          : ACCOUNT_SECURITY_MESSAGES.verificationLinkInvalid,
      );
    }
    const { userId, addressTag } = reading.claims;
    return this.dataSource.transaction(async (m) => {
      const user = await m
        .getRepository(UserEntity)
        .createQueryBuilder('u')
        .where('u.id = :userId', { userId })
        .setLock('pessimistic_write')
        .getOne();
      if (!user) throw RpcError.badRequest(ACCOUNT_SECURITY_MESSAGES.verificationLinkInvalid);
      if (!user.isActive) throw RpcError.badRequest(MESSAGES.accountDisabled);
      if (!this.links.namesAddress(addressTag, user.email))
        throw RpcError.badRequest(ACCOUNT_SECURITY_MESSAGES.verificationLinkOtherAddress);
      if (!user.emailVerifiedAt) {
        const emailVerifiedAt = new Date();
        await m.update(UserEntity, { id: user.id }, { emailVerifiedAt });
        await this.users.publishUpdated(m, { ...user, emailVerifiedAt });
      }
      return { message: ACCOUNT_SECURITY_MESSAGES.emailVerified, user: await this.users.view(m, user.id) };
    });
  }

  /** A new link to the signed-in customer's address, at most MAX_VERIFICATION_LINKS_PER_HOUR an hour. */
  async resend(userId: string): Promise<{ message: string }> {
    return this.dataSource.transaction(async (m) => {
      const user = await this.users.activeUser(m, userId, { lock: true });
      if (user.emailVerifiedAt) throw RpcError.conflict(ACCOUNT_SECURITY_MESSAGES.emailAlreadyVerified);
      await this.links.send(m, user, { limited: true });
      return { message: verificationLinkSentMessage(user.email) };
    });
  }

  /** Whether the account's current address is verified, as of now (not as of any projection). */
  async status(userId: string): Promise<EmailStatusReply> {
    const [row]: { email: string; verified: boolean }[] = await this.dataSource.query(
      `SELECT email, email_verified_at IS NOT NULL AS verified FROM users WHERE id = $1`,
      [userId],
    );
    if (!row) throw RpcError.notFound(REPORTING_MESSAGES.customerNotFound);
    return { userId, email: row.email, emailVerified: row.verified };
  }
}
