import { CanActivate, ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { MESSAGES, TOKEN_AUDIENCE } from '@shop/proto';
import { JwtService } from '@nestjs/jwt';
import type { FastifyRequest } from 'fastify';
import { DeactivatedUsers } from './deactivated-users';

/**
 * Refuses (401) any request carrying a customer token of a deactivated account, before any route
 * guard runs: `/auth/me`, the cart, orders, everything a customer token opens. The token is only
 * read here, not verified: this guard can only refuse, and the route's own guard verifies.
 */
@Injectable()
export class DeactivatedAccountGuard implements CanActivate {
  private readonly jwt = new JwtService();

  constructor(private readonly deactivated: DeactivatedUsers) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    const header = req.headers?.authorization;
    if (!header?.startsWith('Bearer ')) return true;
    const claims = this.jwt.decode<{ sub?: string; aud?: string | string[] } | null>(header.slice(7));
    const audiences = ([] as unknown[]).concat(claims?.aud ?? []);
    if (claims?.sub && audiences.includes(TOKEN_AUDIENCE.customer) && this.deactivated.has(claims.sub)) {
      throw new UnauthorizedException(MESSAGES.accountDisabled);
    }
    return true;
  }
}
