import { CanActivate, ExecutionContext, Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '@shop/proto';
import { JwtService } from '@nestjs/jwt';
import { jwtKey } from '@shop/kit';
import type { KeyObject } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config';
import { ShopSettingsState } from './shop-settings.state';

export const MAINTENANCE_MESSAGE = 'The shop is under maintenance. Please try again soon.';

/**
 * Paths that keep working in maintenance mode: the back office (its sign-in included), health, the
 * payment provider's webhook (money already taken must still be recorded), the public settings
 * (the storefront still shows the shop's contact details), and customers' artwork, which the back
 * office's order screens show through signed links that carry no admin token.
 */
const OPEN_PATHS = [
  /^\/api\/cart\/uploads\/[^/]+$/,
  /^\/api\/admin/,
  /^\/api\/health(\/|$)/,
  /^\/api\/payments\/webhook(\/|$)/,
  /^\/api\/settings\/public\/?$/,
];

/**
 * In maintenance mode the store API answers 503 with a clear message. Staff keep working: the
 * admin paths stay open, and so does any call made with a valid admin token (the back office also
 * uses the customizations and reviews routes).
 */
@Injectable()
export class MaintenanceGuard implements CanActivate {
  private readonly jwt = new JwtService();
  private readonly key: KeyObject;

  constructor(
    private readonly settings: ShopSettingsState,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.key = jwtKey(config.JWT_SECRET);
  }

  canActivate(context: ExecutionContext): boolean {
    if (!this.settings.maintenanceMode) return true;
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    const path = (req.url ?? '').split('?')[0];
    if (!path.startsWith('/api/') || OPEN_PATHS.some((p) => p.test(path)) || this.isAdmin(req)) return true;
    throw new ServiceUnavailableException(MAINTENANCE_MESSAGE);
  }

  private isAdmin(req: FastifyRequest): boolean {
    const header = req.headers?.authorization;
    if (!header?.startsWith('Bearer ')) return false;
    try {
      this.jwt.verify(header.slice(7), {
        // jsonwebtoken takes a KeyObject; @nestjs/jwt's types know only strings and Buffers.
        secret: this.key as unknown as Buffer,
        audience: TOKEN_AUDIENCE.admin,
        issuer: TOKEN_ISSUER,
        algorithms: ['HS256'],
      });
      return true;
    } catch {
      return false;
    }
  }
}
