import { Inject, Injectable } from '@nestjs/common';
import { jwtKey, SERVICE_CONFIG } from '@shop/kit';
import type { KeyObject } from 'node:crypto';
import { Role, TOKEN_AUDIENCE, TOKEN_ISSUER, TokenClaims } from '@shop/proto';
import * as jwt from 'jsonwebtoken';
import type { UserConfig } from '../config/user-config';
import { SettingsService } from '../settings/settings.service';

/** Signs the tokens the gateway verifies: HS256, one audience per role. */
@Injectable()
export class TokenService {
  private readonly key: KeyObject;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: UserConfig,
    private readonly settings: SettingsService,
  ) {
    this.key = jwtKey(config.JWT_SECRET);
  }

  /**
   * An admin token lives as long as the back office's session timeout says. `tokenVersion` is the
   * account's as of signing: the token ends when the version is raised.
   */
  async sign(subject: string, role: Role, tokenVersion: number): Promise<string> {
    const claims: Omit<TokenClaims, 'sub'> = { role, ver: tokenVersion };
    const expiresIn = role === 'admin' ? (await this.settings.current()).adminSessionSeconds : this.config.CUSTOMER_TOKEN_TTL;
    return jwt.sign(claims, this.key, {
      algorithm: 'HS256',
      subject,
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE[role],
      expiresIn,
    });
  }
}
