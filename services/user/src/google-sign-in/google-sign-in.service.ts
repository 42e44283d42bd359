import { Injectable } from '@nestjs/common';
import { RpcError } from '@shop/kit';
import { AuthReply, GoogleSignInInput, MESSAGES, UserView } from '@shop/proto';
import { randomBytes } from 'node:crypto';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import { PasswordService } from '../auth/password.service';
import { SettingsService } from '../settings/settings.service';
import { UserEntity } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { usernameCandidates } from './username-candidates';

/** Two first sign-ins of one Google account (or two accounts wanting one username) race; each retry sees the winner. */
const ATTEMPTS = 3;

/**
 * Sign-in with a Google account the gateway has verified with Google. The account linked to that
 * Google id signs in; otherwise a customer registered under the same (Google-verified) e-mail is
 * linked to it; otherwise a new customer is registered, when registrations are open.
 */
@Injectable()
export class GoogleSignInService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly passwords: PasswordService,
    private readonly settings: SettingsService,
  ) {}

  async signIn(google: GoogleSignInInput, userAgent?: string): Promise<AuthReply<UserView>> {
    if (!google.emailVerified) throw RpcError.unauthorized(MESSAGES.googleEmailUnverified);
    for (let attempt = 1; ; attempt++) {
      try {
        const user = await this.dataSource.transaction((m) => this.findOrCreate(m, google));
        return await this.users.signIn(user, { userAgent });
      } catch (err) {
        if (attempt >= ATTEMPTS || !isUniqueViolation(err)) throw err;
      }
    }
  }

  private async findOrCreate(m: EntityManager, google: GoogleSignInInput): Promise<UserEntity> {
    const linked = await m.findOneBy(UserEntity, { googleId: google.googleId });
    if (linked) return linked;
    const sameEmail = await m
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .where('u.email = :email', { email: google.email })
      .setLock('pessimistic_write')
      .getOne();
    if (sameEmail) return this.link(m, sameEmail, google);
    await this.settings.assertRegistrationsOpen();
    const created = await this.users.createAccount(m, {
      username: await this.freeUsername(m, google.email),
      email: google.email,
      // Nobody knows this password: the customer signs in with Google, or sets one by "Forgot password".
      passwordHash: await this.passwords.hash(randomBytes(32).toString('base64url')),
      googleId: google.googleId,
      name: google.name ?? null,
      profilePic: google.picture ?? null,
      // Google verified the address (a sign-in without that is refused above).
      emailVerifiedAt: new Date(),
    });
    if (created.name || created.profilePic) await this.users.publishUpdated(m, created);
    return created;
  }

  /**
   * The customer's own name and picture stay; Google's fill only what is empty. Google verified the
   * address this account was found by, so it counts as verified from now on.
   */
  private async link(m: EntityManager, user: UserEntity, google: GoogleSignInInput): Promise<UserEntity> {
    if (user.googleId && user.googleId !== google.googleId) {
      throw RpcError.conflict(MESSAGES.googleAccountMismatch);
    }
    const linked: UserEntity = {
      ...user,
      googleId: google.googleId,
      name: user.name ?? google.name ?? null,
      profilePic: user.profilePic ?? google.picture ?? null,
      emailVerifiedAt: user.emailVerifiedAt ?? new Date(),
    };
    await m.update(
      UserEntity,
      { id: user.id },
      {
        googleId: linked.googleId,
        name: linked.name,
        profilePic: linked.profilePic,
        emailVerifiedAt: linked.emailVerifiedAt,
      },
    );
    if (
      linked.name !== user.name ||
      linked.profilePic !== user.profilePic ||
      linked.emailVerifiedAt !== user.emailVerifiedAt
    )
      await this.users.publishUpdated(m, linked);
    return linked;
  }

  private async freeUsername(m: EntityManager, email: string): Promise<string> {
    const candidates = usernameCandidates(email);
    const taken: { name: string }[] = await m.query(
      `SELECT lower(username) AS name FROM users WHERE lower(username) = ANY($1::text[])`,
      [candidates.map((c) => c.toLowerCase())],
    );
    const takenNames = new Set(taken.map((t) => t.name));
    const free = candidates.find((c) => !takenNames.has(c.toLowerCase()));
    if (!free) throw RpcError.conflict(MESSAGES.usernameTaken);
    return free;
  }
}

function isUniqueViolation(err: unknown): boolean {
  return err instanceof QueryFailedError && (err.driverError as { code?: string }).code === '23505';
}
