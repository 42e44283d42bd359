import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { jwtKey } from '@shop/kit';
import { Actor, Role, TOKEN_AUDIENCE, TOKEN_ISSUER, TokenClaims } from '@shop/proto';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config';
import { EndedSessions } from '../users/ended-sessions';
import { SessionActivity } from '../users/session-activity';
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

/** The caller a verified token names, once its session is known not to have ended; the use counts for "last used". */
function actorOf(claims: TokenClaims, role: Role, sessions: EndedSessions, activity: SessionActivity): Actor {
  const sessionId = sessions.assertOpen(claims);
  activity.used(sessionId);
  return { userId: claims.sub, role, sessionId };
}

@Injectable()
export class CustomerJwtStrategy extends PassportStrategy(Strategy, 'customer-jwt') {
  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    private readonly sessions: EndedSessions,
    private readonly activity: SessionActivity,
  ) {
    super(options(config, TOKEN_AUDIENCE.customer));
  }

  validate(claims: TokenClaims): Actor {
    return actorOf(claims, 'customer', this.sessions, this.activity);
  }
}

@Injectable()
export class AdminJwtStrategy extends PassportStrategy(Strategy, 'admin-jwt') {
  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    private readonly sessions: EndedSessions,
    private readonly activity: SessionActivity,
  ) {
    super(options(config, TOKEN_AUDIENCE.admin));
  }

  validate(claims: TokenClaims): Actor {
    return actorOf(claims, 'admin', this.sessions, this.activity);
  }
}
