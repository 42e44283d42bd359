import { Inject, Injectable } from '@nestjs/common';
import { RpcError, SERVICE_CONFIG } from '@shop/kit';
import { FACTORY_SETTINGS } from '@shop/proto';
import { DataSource, EntityManager } from 'typeorm';
import type { UserConfig } from '../config/user-config';
import { ShopSettingsEntity } from './shop-settings.entity';

export const REGISTRATIONS_DISABLED = 'Registrations are currently disabled';

/** The part of the shop's settings the user service enforces. */
export interface AccountSettings {
  maxLoginAttempts: number;
  allowRegistrations: boolean;
  /** The admin token's lifetime. */
  adminSessionSeconds: number;
  requireStrongPasswords: boolean;
  /** New accounts registered with a password verify their address before their first order. */
  requireEmailVerification: boolean;
  /** Staff sign in with a password and a code from an authenticator app. */
  twoFactorAuth: boolean;
  /** The issuer authenticator apps show beside the staff account. */
  businessName: string;
}

/**
 * The back office's security settings, as of the last `settings.updated`. Until the back office has
 * published any, the environment decides (MAX_LOGIN_ATTEMPTS, ADMIN_TOKEN_TTL,
 * REQUIRE_STRONG_PASSWORDS) and the factory defaults the rest (registrations open, e-mail
 * verification on, two-factor sign-in off). Read per request, so every replica follows a change as
 * soon as its event is handled.
 */
@Injectable()
export class SettingsService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(SERVICE_CONFIG) private readonly config: UserConfig,
  ) {}

  async current(manager: EntityManager = this.dataSource.manager): Promise<AccountSettings> {
    const row = await manager.findOneBy(ShopSettingsEntity, { id: 1 });
    const s = row?.data;
    return {
      maxLoginAttempts: s?.maxLoginAttempts ?? this.config.MAX_LOGIN_ATTEMPTS,
      allowRegistrations: s?.allowRegistrations ?? true,
      adminSessionSeconds: s?.sessionTimeout ? s.sessionTimeout * 60 : this.config.ADMIN_TOKEN_TTL,
      requireStrongPasswords: s?.requireStrongPasswords ?? this.config.REQUIRE_STRONG_PASSWORDS,
      requireEmailVerification: s?.requireEmailVerification ?? FACTORY_SETTINGS.requireEmailVerification,
      twoFactorAuth: s?.twoFactorAuth ?? FACTORY_SETTINGS.twoFactorAuth,
      businessName: s?.businessName || FACTORY_SETTINGS.businessName,
    };
  }

  async assertRegistrationsOpen(): Promise<AccountSettings> {
    const settings = await this.current();
    if (!settings.allowRegistrations) throw RpcError.forbidden(REGISTRATIONS_DISABLED);
    return settings;
  }
}
