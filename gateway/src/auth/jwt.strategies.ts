import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { jwtKey } from '@shop/kit';
import { Actor, TOKEN_AUDIENCE, TOKEN_ISSUER, TokenClaims } from '@shop/proto';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config';
import { SessionVersions } from '../users/session-versions';
import { JwtVerifier, VerifiedTokens } from './verified-tokens';

// passport-jwt verifies through a function it reads from its class, for every strategy: both of
// the shop's go through one memory of verified tokens (verified-tokens.ts).
(Strategy as unknown as { JwtVerifier: JwtVerifier }).JwtVerifier = new VerifiedTokens().verifier;

const options = (config: GatewayConfig, audience: string) => ({
  jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
  // jsonwebtoken takes a KeyObject; passport-jwt's types know only strings and Buffers.
  secretOrKey: jwtKey(config.JWT_SECRET) as unknown as Buffer,
  audience,
  issuer: TOKEN_ISSUER,
  algorithms: ['HS256' as const],
});

@Injectable()
export class CustomerJwtStrategy extends PassportStrategy(Strategy, 'customer-jwt') {
  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    private readonly sessions: SessionVersions,
  ) {
    super(options(config, TOKEN_AUDIENCE.customer));
  }
  validate(claims: TokenClaims): Actor {
    this.sessions.assertCurrent('customer', claims);
    return { userId: claims.sub, role: 'customer' };
  }
}

@Injectable()
export class AdminJwtStrategy extends PassportStrategy(Strategy, 'admin-jwt') {
  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    private readonly sessions: SessionVersions,
  ) {
    super(options(config, TOKEN_AUDIENCE.admin));
  }
  validate(claims: TokenClaims): Actor {
    this.sessions.assertCurrent('admin', claims);
    return { userId: claims.sub, role: 'admin' };
  }
}
