import { Inject, Injectable } from '@nestjs/common';
import { GUEST_CART_COOKIE, GUEST_CART_ID } from '@shop/proto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config';

/** Only the cart's routes (uploads, the merge at sign-in) read it. */
const COOKIE_PATH = '/api/cart';
/** Outlives the cart's sweep of abandoned guest files; a cookie naming swept files holds nothing. */
const COOKIE_MAX_AGE_SECONDS = 30 * 24 * 3600;

/**
 * A visitor's guest cart id: random and unguessable, kept in an httpOnly cookie the page's script
 * cannot read, so the files a visitor uploads are theirs alone until sign-in moves them to the
 * customer. The visitor's cart lines stay in the browser; only the files need the server to know
 * whose they are.
 */
@Injectable()
export class GuestCartCookie {
  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  /** The id this browser holds, or none; a malformed cookie counts as none. */
  read(req: FastifyRequest): string | undefined {
    const held = req.cookies?.[GUEST_CART_COOKIE];
    return typeof held === 'string' && GUEST_CART_ID.test(held) ? held : undefined;
  }

  /** The id this browser holds, or a new one, (re)set so it lasts from the latest upload. */
  issue(req: FastifyRequest, reply: FastifyReply): string {
    const id = this.read(req) ?? randomBytes(32).toString('base64url');
    void reply.setCookie(GUEST_CART_COOKIE, id, {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.PUBLIC_URL.startsWith('https:'),
      maxAge: COOKIE_MAX_AGE_SECONDS,
    });
    return id;
  }

  /** After the merge the files are the customer's; the next visit as a guest starts a new cart. */
  clear(reply: FastifyReply): void {
    void reply.clearCookie(GUEST_CART_COOKIE, { path: COOKIE_PATH });
  }
}
