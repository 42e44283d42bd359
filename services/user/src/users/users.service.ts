import { Injectable } from '@nestjs/common';
import { EventPublisher, RpcError } from '@shop/kit';
import {
  AuthReply,
  ChangePasswordInput,
  EVENTS,
  FieldError,
  LoginInput,
  MESSAGES,
  PasswordChangedReply,
  RegisterInput,
  UpdateProfileInput,
  UserRegisteredEvent,
  UserUpdatedEvent,
  UserView,
  uuidSchema,
} from '@shop/proto';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import { AddressEntity } from '../addresses/address.entity';
import { LoginAttemptsService } from '../auth/login-attempts.service';
import { PasswordService } from '../auth/password.service';
import { VerificationLinks } from '../email-verification/verification-links';
import { OpenOptions, SessionsService } from '../sessions/sessions.service';
import { SettingsService } from '../settings/settings.service';
import { WishlistItemEntity } from '../wishlist/wishlist-item.entity';
import { UserEntity } from './user.entity';
import { toUserView } from './user-view';

/** Unique indexes of `users` and what a clash on each means to the customer. */
const UNIQUE_CLASHES: Record<string, FieldError> = {
  users_email_key: { field: 'email', message: MESSAGES.emailTaken },
  users_username_lower_key: { field: 'username', message: MESSAGES.usernameTaken },
};

type ProfileField = 'phone' | 'name' | 'profilePic' | 'companyName';
const OPTIONAL_PROFILE_FIELDS: ProfileField[] = ['phone', 'name', 'profilePic', 'companyName'];

@Injectable()
export class UsersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly passwords: PasswordService,
    private readonly attempts: LoginAttemptsService,
    private readonly sessions: SessionsService,
    private readonly events: EventPublisher,
    private readonly settings: SettingsService,
    private readonly verificationLinks: VerificationLinks,
  ) {}

  /**
   * A new account, signed in on the device that registered it. While the shop requires verified
   * addresses, its verification link is queued with it; until it is opened, checkout is refused.
   */
  async register(
    input: RegisterInput,
    options: { userAgent?: string; requireEmailVerification: boolean },
  ): Promise<AuthReply<UserView>> {
    const { userAgent, requireEmailVerification } = options;
    await this.assertAvailable(this.dataSource.manager, { username: input.username, email: input.email });
    const passwordHash = await this.passwords.hash(input.password);
    const user = await this.mapUniqueClash(() =>
      this.dataSource.transaction(async (m) => {
        const created = await this.createAccount(m, {
          username: input.username,
          email: input.email,
          passwordHash,
        });
        if (requireEmailVerification) await this.verificationLinks.send(m, created);
        return created;
      }),
    );
    const token = await this.sessions.open({ role: 'customer', id: user.id }, { userAgent });
    return { token, user: toUserView(user, [], []) };
  }

  /** A new customer account, announced to the other services in the same transaction. */
  async createAccount(
    m: EntityManager,
    fields: Pick<UserEntity, 'username' | 'email' | 'passwordHash'> &
      Partial<Pick<UserEntity, 'name' | 'profilePic' | 'googleId' | 'lastLogin' | 'emailVerifiedAt'>>,
  ): Promise<UserEntity> {
    const created = await m.save(m.create(UserEntity, fields));
    await this.events.publish<UserRegisteredEvent>(m, EVENTS.userRegistered, {
      userId: created.id,
      username: created.username,
      email: created.email,
      phone: created.phone ?? null,
      createdAt: created.createdAt.toISOString(),
      companyName: created.companyName ?? null,
      city: null,
      emailVerified: Boolean(created.emailVerifiedAt),
    });
    return created;
  }

  /** Sign in by e-mail or username (usernames cannot contain "@", so the two never collide). */
  async login(input: LoginInput, ip?: string, userAgent?: string): Promise<AuthReply<UserView>> {
    const identifier = input.identifier.toLowerCase();
    const user = await this.dataSource
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .where('u.email = :identifier OR lower(u.username) = :identifier', { identifier })
      .getOne();
    const passwordOk = await this.attempts.attempt(
      { realm: 'customer', accountKey: user?.id ?? `unknown:${identifier}`, ip },
      () => this.passwords.verify(user?.passwordHash, input.password),
    );
    if (!user || !passwordOk) throw RpcError.unauthorized(MESSAGES.invalidCredentials);
    return this.signIn(user, { userAgent, passwordHash: user.passwordHash });
  }

  /** Stamps the login and opens a session on the customer's device; a deactivated account is refused. */
  async signIn(user: UserEntity, options: OpenOptions = {}): Promise<AuthReply<UserView>> {
    if (!user.isActive) throw RpcError.forbidden(MESSAGES.accountDisabled);
    const token = await this.dataSource.transaction(async (m) => {
      await m.update(UserEntity, { id: user.id }, { lastLogin: new Date() });
      return this.sessions.open({ role: 'customer', id: user.id }, options, m);
    });
    return { token, user: await this.view(this.dataSource.manager, user.id) };
  }

  async me(userId: string): Promise<UserView> {
    const user = await this.activeUser(this.dataSource.manager, userId);
    return this.view(this.dataSource.manager, userId, user);
  }

  /**
   * A partial profile update; `lastLogin` in the body only stamps the server's clock. A new e-mail
   * address is unverified, and gets its own link while the shop requires verified addresses.
   */
  async updateProfile(userId: string, input: UpdateProfileInput): Promise<UserView> {
    return this.mapUniqueClash(() =>
      this.dataSource.transaction(async (m) => {
        const user = await this.activeUser(m, userId, { lock: true });
        const changes: Partial<UserEntity> = {};
        if (input.username !== undefined && input.username !== user.username) {
          changes.username = input.username;
        }
        if (input.email !== undefined && input.email !== user.email) {
          changes.email = input.email;
          changes.emailVerifiedAt = null;
        }
        for (const field of OPTIONAL_PROFILE_FIELDS) {
          const value = input[field];
          if (value === undefined) continue;
          const stored = value === null || value === '' ? null : value;
          if (stored !== user[field]) changes[field] = stored;
        }
        const profileChanged = Object.keys(changes).length > 0;
        if (profileChanged) {
          await this.assertAvailable(m, { username: changes.username, email: changes.email }, user.id);
        }
        if (input.lastLogin !== undefined) changes.lastLogin = new Date();
        if (Object.keys(changes).length) await m.update(UserEntity, { id: user.id }, changes);
        if (profileChanged) await this.publishUpdated(m, { ...user, ...changes });
        if (changes.email && (await this.settings.current(m)).requireEmailVerification) {
          await this.verificationLinks.send(m, { ...user, ...changes });
        }
        return this.view(m, user.id);
      }),
    );
  }

  /**
   * A wrong current password is a 400, not a 401: the storefront signs a customer out on 401. The
   * change ends every session of the account; the device that made it carries on in a new one.
   */
  async changePassword(userId: string, input: ChangePasswordInput, userAgent?: string): Promise<PasswordChangedReply> {
    const user = await this.activeUser(this.dataSource.manager, userId);
    if (!(await this.passwords.verify(user.passwordHash, input.currentPassword))) {
      throw RpcError.badRequest(MESSAGES.currentPasswordIncorrect, [
        { field: 'currentPassword', message: MESSAGES.currentPasswordIncorrect },
      ]);
    }
    const passwordHash = await this.passwords.hash(input.newPassword);
    const account = { role: 'customer' as const, id: user.id };
    return this.dataSource.transaction(async (m) => {
      await m.update(UserEntity, { id: user.id }, { passwordHash });
      const ended = await this.sessions.endAll(account, m);
      const token = await this.sessions.open(account, { userAgent }, m);
      return { message: MESSAGES.passwordChanged, ended, token };
    });
  }

  /**
   * The signed-in customer, refused (401) when the account is gone or deactivated. With `lock`
   * the row is locked for the transaction, which serialises a customer's concurrent changes.
   */
  async activeUser(m: EntityManager, userId: string, options: { lock?: boolean } = {}): Promise<UserEntity> {
    if (!uuidSchema.safeParse(userId).success) throw RpcError.unauthorized();
    const query = m.getRepository(UserEntity).createQueryBuilder('u').where('u.id = :userId', { userId });
    if (options.lock) query.setLock('pessimistic_write');
    const user = await query.getOne();
    if (!user) throw RpcError.unauthorized();
    if (!user.isActive) throw RpcError.unauthorized(MESSAGES.accountDisabled);
    return user;
  }

  /** The city the back office shows for a customer: their default address's. */
  async cityOf(m: EntityManager, userId: string): Promise<string | null> {
    const [row]: { city: string }[] = await m.query(
      `SELECT city FROM addresses WHERE user_id = $1 ORDER BY is_default DESC, created_at DESC, id DESC LIMIT 1`,
      [userId],
    );
    return row?.city ?? null;
  }

  /** Tells the other services the account's profile as it now stands. */
  async publishUpdated(m: EntityManager, user: UserEntity): Promise<void> {
    await this.events.publish<UserUpdatedEvent>(m, EVENTS.userUpdated, {
      userId: user.id,
      username: user.username,
      email: user.email,
      phone: user.phone,
      name: user.name,
      profilePic: user.profilePic,
      companyName: user.companyName,
      city: await this.cityOf(m, user.id),
      emailVerified: Boolean(user.emailVerifiedAt),
    });
  }

  /** The user as the storefront reads it; `loaded` saves reading the user row twice. */
  async view(m: EntityManager, userId: string, loaded?: UserEntity): Promise<UserView> {
    // Outside a transaction these run on separate pooled connections, at once.
    const [user, addresses, wishlist] = await Promise.all([
      loaded ?? m.findOneByOrFail(UserEntity, { id: userId }),
      m.find(AddressEntity, { where: { userId }, order: { createdAt: 'ASC', id: 'ASC' } }),
      m.find(WishlistItemEntity, { where: { userId }, order: { addedAt: 'ASC', productId: 'ASC' } }),
    ]);
    return toUserView(user, addresses, wishlist);
  }

  private async assertAvailable(
    m: EntityManager,
    wanted: { username?: string; email?: string },
    exceptId?: string,
  ): Promise<void> {
    if (wanted.username === undefined && wanted.email === undefined) return;
    const taken: { email: string; username: string }[] = await m.query(
      `SELECT email, username FROM users
        WHERE (email = $1 OR lower(username) = lower($2)) AND ($3::uuid IS NULL OR id <> $3::uuid)`,
      [wanted.email ?? null, wanted.username ?? null, exceptId ?? null],
    );
    const username = wanted.username?.toLowerCase();
    const clashes: FieldError[] = [];
    if (wanted.email && taken.some((t) => t.email === wanted.email))
      clashes.push(UNIQUE_CLASHES.users_email_key);
    if (username && taken.some((t) => t.username.toLowerCase() === username)) {
      clashes.push(UNIQUE_CLASHES.users_username_lower_key);
    }
    if (clashes.length) throw RpcError.conflict(clashes[0].message, clashes);
  }

  /** Two registrations racing for the same name both pass the check; the unique index decides. */
  private async mapUniqueClash<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      const driver =
        err instanceof QueryFailedError
          ? (err.driverError as { code?: string; constraint?: string })
          : undefined;
      const clash =
        driver?.code === '23505' && driver.constraint ? UNIQUE_CLASHES[driver.constraint] : undefined;
      if (clash) throw RpcError.conflict(clash.message, [clash]);
      throw err;
    }
  }
}
