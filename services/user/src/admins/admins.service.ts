import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { RpcError, SERVICE_CONFIG } from '@shop/kit';
import {
  AdminAuthReply,
  AdminLoginInput,
  AdminLoginReply,
  AdminTwoFactorEnrolReply,
  AdminView,
  MESSAGES,
  SessionsEndedReply,
  TwoFactorEnrolInput,
  TwoFactorVerifyInput,
  uuidSchema,
} from '@shop/proto';
import { DataSource, EntityManager } from 'typeorm';
import { LoginAttemptsService } from '../auth/login-attempts.service';
import { PasswordService } from '../auth/password.service';
import type { UserConfig } from '../config/user-config';
import { OpenOptions, SessionsService } from '../sessions/sessions.service';
import { SettingsService } from '../settings/settings.service';
import { AdminEntity } from './admin.entity';
import { TwoFactorService } from './two-factor.service';

const toAdminView = (admin: AdminEntity): AdminView => ({ _id: admin.id, email: admin.email });

@Injectable()
export class AdminsService implements OnModuleInit {
  private readonly logger = new Logger(AdminsService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly passwords: PasswordService,
    private readonly attempts: LoginAttemptsService,
    private readonly sessions: SessionsService,
    private readonly settings: SettingsService,
    private readonly twoFactor: TwoFactorService,
    @Inject(SERVICE_CONFIG) private readonly config: UserConfig,
  ) {}

  /**
   * Seeds the admin from ADMIN_EMAIL / ADMIN_PASSWORD when that account does not exist yet. An
   * existing account keeps its password: the environment only provides the first one.
   */
  async onModuleInit(): Promise<void> {
    const email = this.config.ADMIN_EMAIL;
    if (await this.dataSource.getRepository(AdminEntity).existsBy({ email })) return;
    const passwordHash = await this.passwords.hash(this.config.ADMIN_PASSWORD);
    const result = await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(AdminEntity)
      .values({ email, passwordHash })
      .orIgnore()
      .execute();
    if ((result.raw as unknown[]).length) this.logger.log(`seeded the admin account ${email}`);
  }

  /**
   * Staff share the admin account: each sign-in is a session of its own, in its own browser. With
   * two-factor sign-in on, the right password opens no session: it answers the second step's
   * challenge (two-factor.service.ts), and only a right code then signs in.
   */
  async login(input: AdminLoginInput, ip?: string, userAgent?: string): Promise<AdminLoginReply> {
    const repo = this.dataSource.getRepository(AdminEntity);
    const admin = await repo.findOneBy({ email: input.email });
    const { twoFactorAuth, businessName } = await this.settings.current();
    const passwordOk = await this.attempts.attempt(
      { realm: 'admin', accountKey: admin?.id ?? `unknown:${input.email}`, ip },
      () => this.passwords.verify(admin?.passwordHash, input.password),
      { signsIn: !twoFactorAuth },
    );
    if (!admin || !passwordOk) throw RpcError.unauthorized(MESSAGES.invalidCredentials);
    if (twoFactorAuth) return this.twoFactor.challenge(admin, businessName);
    const token = await this.dataSource.transaction((m) =>
      this.openSession(m, admin, { userAgent, passwordHash: admin.passwordHash }),
    );
    return { token, admin: toAdminView(admin) };
  }

  /** The first code of a new authenticator signs in, and answers the recovery codes once. */
  async enrolTwoFactor(
    input: TwoFactorEnrolInput,
    ip?: string,
    userAgent?: string,
  ): Promise<AdminTwoFactorEnrolReply> {
    const { token, admin, recoveryCodes } = await this.twoFactor.enrol(input, ip, (m, signedIn) =>
      this.openSession(m, signedIn, { userAgent }),
    );
    return { token, admin: toAdminView(admin), recoveryCodes };
  }

  async verifyTwoFactor(
    input: TwoFactorVerifyInput,
    ip?: string,
    userAgent?: string,
  ): Promise<AdminAuthReply> {
    const { token, admin } = await this.twoFactor.verify(input, ip, (m, signedIn) =>
      this.openSession(m, signedIn, { userAgent }),
    );
    return { token, admin: toAdminView(admin) };
  }

  private async openSession(m: EntityManager, admin: AdminEntity, options: OpenOptions): Promise<string> {
    await m.update(AdminEntity, { id: admin.id }, { lastLogin: new Date() });
    return this.sessions.open({ role: 'admin', id: admin.id }, options, m);
  }

  async profile(adminId: string): Promise<AdminView> {
    return toAdminView(await this.existing(adminId));
  }

  /** Sign Out ends the session of this browser only (others may be signed in to the same account), and records when. */
  async logout(adminId: string, sessionId: string | undefined): Promise<SessionsEndedReply> {
    const admin = await this.existing(adminId);
    await this.dataSource.getRepository(AdminEntity).update({ id: admin.id }, { lastLogout: new Date() });
    return {
      message: MESSAGES.loggedOut,
      ended: await this.sessions.endOwn({ role: 'admin', id: admin.id }, sessionId),
    };
  }

  private async existing(adminId: string): Promise<AdminEntity> {
    const admin = uuidSchema.safeParse(adminId).success
      ? await this.dataSource.getRepository(AdminEntity).findOneBy({ id: adminId })
      : null;
    if (!admin) throw RpcError.unauthorized();
    return admin;
  }
}
