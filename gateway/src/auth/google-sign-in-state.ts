import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config';

export const GOOGLE_STATE_COOKIE = 'shop_google_state';
const COOKIE_PATH = '/api/auth/google';
/** Long enough to choose an account on Google's page, short enough not to linger. */
const STATE_TTL_SECONDS = 10 * 60;

type Verified = (err: Error | null, ok: boolean, info?: { message: string }) => void;

/**
 * The OAuth `state` of a Google sign-in, bound to the browser that started it: a random value
 * sent to Google and kept in an httpOnly cookie. Google's return is accepted only when it brings
 * back the value this browser holds, so nobody can sign a shopper into someone else's account by
 * sending them a callback link (login CSRF). The gateway keeps no session, hence the cookie.
 */
@Injectable()
export class GoogleSignInState {
  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  issue(reply: FastifyReply): string {
    const state = randomBytes(24).toString('base64url');
    void reply.setCookie(GOOGLE_STATE_COOKIE, state, {
      path: COOKIE_PATH,
      httpOnly: true,
      // Lax still sends it on the top-level navigation back from Google.
      sameSite: 'lax',
      secure: this.config.PUBLIC_URL.startsWith('https:'),
      maxAge: STATE_TTL_SECONDS,
    });
    return state;
  }

  /** Each state is used once. */
  clear(reply: FastifyReply): void {
    void reply.clearCookie(GOOGLE_STATE_COOKIE, { path: COOKIE_PATH });
  }

  /** passport-oauth2's state store interface, asked when Google sends the shopper back. */
  verify(req: FastifyRequest, state: unknown, _meta: unknown, done: Verified): void {
    const held = req.cookies?.[GOOGLE_STATE_COOKIE];
    const ok = typeof state === 'string' && typeof held === 'string' && sameText(state, held);
    done(
      null,
      ok,
      ok ? undefined : { message: 'The Google sign-in did not start in this browser, or took too long' },
    );
  }
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
