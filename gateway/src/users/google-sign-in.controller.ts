import { Controller, Get, Inject, Req, Res, UseGuards } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiTags } from '@nestjs/swagger';
import type { AuthReply, UserView } from '@shop/proto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GOOGLE_SIGN_IN_PROPERTY, GoogleCallbackGuard } from '../auth/auth.guards';
import { GoogleSignInState } from '../auth/google-sign-in-state';
import { GOOGLE_SCOPES } from '../auth/google.strategy';
import {
  GATEWAY_CONFIG,
  GatewayConfig,
  googleCallbackUrl,
  googleSignInConfigured,
} from '../config/gateway-config';
import { SignInThrottle } from './sign-in-throttle';

/**
 * Google sign-in by navigation (storefront spec: `GET /auth/google`, the token returned in the
 * callback URL). The shopper leaves for Google's consent page and comes back through
 * `/api/auth/google/callback`, which sends them on to the store's `/auth/google/callback` page
 * with our token, or with `error` when anything went wrong.
 */
@ApiTags('auth')
@Controller('api/auth/google')
export class GoogleSignInController {
  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly state: GoogleSignInState,
  ) {}

  @Get()
  @SignInThrottle()
  @ApiExcludeEndpoint()
  start(@Res() reply: FastifyReply) {
    if (!googleSignInConfigured(this.config)) return this.backToStore(reply, { error: 'unavailable' });
    const consent = new URL(this.config.GOOGLE_AUTHORIZATION_URL);
    consent.search = new URLSearchParams({
      response_type: 'code',
      client_id: this.config.GOOGLE_CLIENT_ID!,
      redirect_uri: googleCallbackUrl(this.config),
      scope: GOOGLE_SCOPES.join(' '),
      state: this.state.issue(reply),
      prompt: 'select_account',
    }).toString();
    return reply.redirect(consent.toString(), 302);
  }

  @Get('callback')
  @UseGuards(GoogleCallbackGuard)
  @ApiExcludeEndpoint()
  finish(
    @Req() req: FastifyRequest & { [GOOGLE_SIGN_IN_PROPERTY]?: AuthReply<UserView> | null },
    @Res() reply: FastifyReply,
  ) {
    this.state.clear(reply);
    const signedIn = req[GOOGLE_SIGN_IN_PROPERTY];
    if (signedIn) return this.backToStore(reply, { token: signedIn.token });
    const declined = (req.query as { error?: string } | undefined)?.error === 'access_denied';
    return this.backToStore(reply, { error: declined ? 'access_denied' : 'sign_in_failed' });
  }

  private backToStore(reply: FastifyReply, query: Record<string, string>) {
    // The token travels in the URL only to the store's own page, which stores it and replaces the history entry.
    void reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    return reply.redirect(
      `${this.config.PUBLIC_URL}/auth/google/callback?${new URLSearchParams(query)}`,
      302,
    );
  }
}
