import { ExecutionContext, SetMetadata } from '@nestjs/common';
import type { ThrottlerModuleOptions } from '@nestjs/throttler';
import type { GatewayConfig } from '../config/gateway-config';

const SIGN_IN_ROUTE = 'shop:sign-in-route';

/**
 * Marks login, registration, password reset, e-mail verification and admin login with its two-factor
 * steps: besides the general budget, they share one tighter budget per client
 * (AUTH_RATE_LIMIT_PER_MINUTE), so guessing passwords or codes, or sending mail, on one of them
 * leaves none for the others.
 */
export const SignInThrottle = () => SetMetadata(SIGN_IN_ROUTE, true);

const isSignInRoute = (context: ExecutionContext): boolean =>
  Reflect.getMetadata(SIGN_IN_ROUTE, context.getHandler()) === true;

/**
 * The gateway's rate limits. Each named budget is one bucket per client address across every route
 * it covers (the throttler's own key counts each route apart, which made 600/min per route).
 */
export function gatewayThrottlers(
  config: Pick<GatewayConfig, 'RATE_LIMIT_PER_MINUTE' | 'AUTH_RATE_LIMIT_PER_MINUTE'>,
): ThrottlerModuleOptions {
  return {
    throttlers: [
      { name: 'default', ttl: 60_000, limit: config.RATE_LIMIT_PER_MINUTE },
      {
        name: 'sign-in',
        ttl: 60_000,
        limit: config.AUTH_RATE_LIMIT_PER_MINUTE,
        skipIf: (context) => !isSignInRoute(context),
      },
    ],
    generateKey: (_context, client, throttler) => `${throttler}:${client}`,
  };
}
