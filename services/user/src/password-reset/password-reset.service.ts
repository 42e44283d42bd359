import { Inject, Injectable } from '@nestjs/common';
import { RpcError, SERVICE_CONFIG } from '@shop/kit';
import { ForgotPasswordInput, MESSAGES, PasswordResetReply, ResetPasswordInput } from '@shop/proto';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { LoginAttemptsService } from '../auth/login-attempts.service';
import { PasswordService } from '../auth/password.service';
import type { UserConfig } from '../config/user-config';
import { MailQueue } from '../mail/mail-queue.service';
import { SessionsService } from '../sessions/sessions.service';
import { UserEntity } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { PasswordResetEntity } from './password-reset.entity';

export const RESET_TOKEN_TTL_MS = 60 * 60_000;
/** More requests than this within the token lifetime send no further mail, so nobody can flood an inbox. */
export const MAX_RESET_MAILS_PER_HOUR = 5;

export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

@Injectable()
export class PasswordResetService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly passwords: PasswordService,
    private readonly attempts: LoginAttemptsService,
    private readonly mail: MailQueue,
    private readonly sessions: SessionsService,
    private readonly users: UsersService,
    @Inject(SERVICE_CONFIG) private readonly config: UserConfig,
  ) {}

  /**
   * Mails a reset link to an active account with this address. The caller's answer is the same
   * whatever happens, and the mail is sent after it by the mail sender, so neither the reply nor
   * its timing says whether the address is registered. The mail is queued in the transaction that
   * stores the token: a link exists exactly when its mail does.
   */
  async request(input: ForgotPasswordInput): Promise<void> {
    const user = await this.dataSource.getRepository(UserEntity).findOneBy({ email: input.email });
    if (!user?.isActive) return;
    const token = randomBytes(32).toString('base64url');
    await this.dataSource.transaction(async (m) => {
      // Serialises one account's requests so the hourly cap holds under parallel requests.
      await m.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [user.id]);
      const [{ count }]: { count: number }[] = await m.query(
        `SELECT count(*)::int AS count FROM password_resets WHERE user_id = $1 AND created_at > now() - interval '1 hour'`,
        [user.id],
      );
      if (count >= MAX_RESET_MAILS_PER_HOUR) return;
      const { identifiers } = await m.insert(PasswordResetEntity, {
        userId: user.id,
        tokenHash: hashResetToken(token),
        expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
      });
      const resetId = String(identifiers[0].id);
      await this.mail.enqueue(m, {
        kind: 'password-reset',
        to: user.email,
        dedupeKey: `${resetId}:password-reset:${user.email}`,
        data: {
          username: user.username,
          link: `${this.config.PUBLIC_URL}/reset-password?token=${encodeURIComponent(token)}`,
          expiresInMinutes: RESET_TOKEN_TTL_MS / 60_000,
        },
      });
    });
  }

  /**
   * Sets the new password if the token is one we sent, unused and unexpired, for an active
   * account. Every outstanding link and every session of the account dies with it, and its login
   * lock-out is lifted; the answer signs the customer in afresh, on the device that reset it.
   */
  async reset(input: ResetPasswordInput, userAgent?: string): Promise<PasswordResetReply> {
    const passwordHash = await this.passwords.hash(input.password);
    const { userId, ended, token } = await this.dataSource.transaction(async (m) => {
      const reset = await m
        .getRepository(PasswordResetEntity)
        .createQueryBuilder('r')
        .where('r.tokenHash = :hash', { hash: hashResetToken(input.token) })
        .setLock('pessimistic_write')
        .getOne();
      if (!reset || reset.usedAt || reset.expiresAt <= new Date())
        throw RpcError.badRequest(MESSAGES.resetLinkInvalid);
      const user = await m.findOneBy(UserEntity, { id: reset.userId });
      if (!user?.isActive) throw RpcError.badRequest(MESSAGES.resetLinkInvalid);
      await m.update(UserEntity, { id: user.id }, { passwordHash });
      await m.query(`UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [
        user.id,
      ]);
      await this.attempts.clearAccount(m, { realm: 'customer', accountKey: user.id });
      const account = { role: 'customer' as const, id: user.id };
      const ended = await this.sessions.endAll(account, m);
      return { userId: user.id, ended, token: await this.sessions.open(account, { userAgent }, m) };
    });
    return {
      message: MESSAGES.passwordReset,
      ended,
      token,
      user: await this.users.view(this.dataSource.manager, userId),
    };
  }
}
