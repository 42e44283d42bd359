import { Inject, Injectable } from '@nestjs/common';
import { jwtKey, SERVICE_CONFIG } from '@shop/kit';
import type { KeyObject } from 'node:crypto';
import { Role, TOKEN_AUDIENCE, TOKEN_ISSUER, TokenClaims } from '@shop/proto';
import * as jwt from 'jsonwebtoken';
import type { UserConfig } from '../config/user-config';

/** Signs the tokens the gateway verifies: HS256, one audience per role. */
@Injectable()
export class TokenService {
  private readonly key: KeyObject;

  constructor(@Inject(SERVICE_CONFIG) config: UserConfig) {
    this.key = jwtKey(config.JWT_SECRET);
  }

  /**
   * A token of the session `sessionId`, issued and expiring with it: never later than the moment
   * up to which the gateway refuses the tokens of a session that has ended.
   */
  sign(subject: string, role: Role, sessionId: string, issuedAt: Date, expiresAt: Date): string {
    const claims: Omit<TokenClaims, 'sub'> & { iat: number; exp: number } = {
      role,
      sid: sessionId,
      iat: Math.floor(issuedAt.getTime() / 1000),
      exp: Math.floor(expiresAt.getTime() / 1000),
    };
    return jwt.sign(claims, this.key, {
      algorithm: 'HS256',
      subject,
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE[role],
    });
  }
}
