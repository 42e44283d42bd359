import { Throttle } from '@nestjs/throttler';
import { gatewayEnvSchema, GatewayConfig } from '../config/gateway-config';

/**
 * Decorators are evaluated when the controller classes are declared, before the gateway's
 * configuration is loaded, so the limit is a function reading the value set when the module starts.
 */
let perMinute: number = gatewayEnvSchema.shape.AUTH_RATE_LIMIT_PER_MINUTE.parse(undefined);

export function configureSignInThrottle(config: Pick<GatewayConfig, 'AUTH_RATE_LIMIT_PER_MINUTE'>): void {
  perMinute = config.AUTH_RATE_LIMIT_PER_MINUTE;
}

/** The stricter per-IP limit of login, registration and admin login (AUTH_RATE_LIMIT_PER_MINUTE). */
export const SignInThrottle = () => Throttle({ default: { limit: () => perMinute, ttl: 60_000 } });
