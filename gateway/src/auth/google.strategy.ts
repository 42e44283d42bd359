import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { RpcClient } from '@shop/kit';
import { AuthReply, GoogleSignInInput, RPC, USER_AGENT_MAX_LENGTH, UserView } from '@shop/proto';
import type { FastifyRequest } from 'fastify';
import { Profile, Strategy } from 'passport-google-oauth20';
import type { StateStore } from 'passport-oauth2';
import { GATEWAY_CONFIG, GatewayConfig, googleCallbackUrl } from '../config/gateway-config';
import { GoogleSignInState } from './google-sign-in-state';

/** OpenID Connect scopes: the account id, its e-mail (and whether Google verified it), name and picture. */
export const GOOGLE_SCOPES = ['openid', 'email', 'profile'];

/**
 * The return leg of Google sign-in: passport-google-oauth20 checks the state, trades the code for
 * an access token and reads the account's profile from Google; the user service then signs the
 * customer in (or registers them) and issues our own token. Registered only when Google is configured.
 */
@Injectable()
export class GoogleStrategy extends PassportStrategy(Strategy, 'google') {
  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    private readonly rpc: RpcClient,
    state: GoogleSignInState,
  ) {
    super({
      clientID: config.GOOGLE_CLIENT_ID!,
      clientSecret: config.GOOGLE_CLIENT_SECRET!,
      callbackURL: googleCallbackUrl(config),
      authorizationURL: config.GOOGLE_AUTHORIZATION_URL,
      tokenURL: config.GOOGLE_TOKEN_URL,
      userProfileURL: config.GOOGLE_USERINFO_URL,
      scope: GOOGLE_SCOPES,
      // Only `verify` is ever asked: the way out to Google is the controller's own redirect, since
      // passport's would write to an Express response that Fastify does not have.
      store: state as unknown as StateStore,
      passReqToCallback: true,
    });
    // The access token goes to Google's userinfo in the Authorization header, not in the URL
    // (node-oauth's default), where proxies and logs would keep it.
    this._oauth2.useAuthorizationHeaderforGET(true);
  }

  validate(req: FastifyRequest, _accessToken: string, _refreshToken: string, profile: Profile) {
    const claims = profile._json;
    const account: GoogleSignInInput = {
      googleId: profile.id,
      email: claims.email ?? '',
      emailVerified: claims.email_verified === true || String(claims.email_verified) === 'true',
      name: claims.name ?? (profile.displayName || null),
      picture: claims.picture ?? null,
    };
    return this.rpc.call<AuthReply<UserView>>(RPC.user.googleSignIn, account, {
      actor: null,
      requestId: req.id,
      ip: req.ip,
      userAgent: req.headers['user-agent']?.slice(0, USER_AGENT_MAX_LENGTH),
    });
  }
}
