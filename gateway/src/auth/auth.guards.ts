import { ExecutionContext, HttpException, Inject, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { AuthGuard, IAuthModuleOptions } from '@nestjs/passport';
import { GATEWAY_CONFIG, GatewayConfig, googleSignInConfigured } from '../config/gateway-config';

function explain(err: unknown, user: unknown, info: unknown) {
  // A refusal the strategy worded itself (a session ended by a logout or a new password).
  if (err instanceof HttpException) throw err;
  if (err || !user) {
    const name = (info as Error | undefined)?.name;
    if (name === 'TokenExpiredError')
      throw new UnauthorizedException('Your session has expired. Please log in again.');
    if (!info || (info as Error).message === 'No auth token')
      throw new UnauthorizedException('Authentication required');
    throw new UnauthorizedException('Invalid or expired token');
  }
  return user;
}

/** Routes for signed-in customers. */
@Injectable()
export class CustomerGuard extends AuthGuard('customer-jwt') {
  handleRequest<T>(err: unknown, user: T, info: unknown): T {
    return explain(err, user, info) as T;
  }
}

/** Routes for staff: only a token with the admin audience opens them. */
@Injectable()
export class AdminGuard extends AuthGuard('admin-jwt') {
  handleRequest<T>(err: unknown, user: T, info: unknown): T {
    return explain(err, user, info) as T;
  }
}

/** Reads a customer token when one is sent, and lets anonymous visitors through. */
@Injectable()
export class OptionalCustomerGuard extends AuthGuard('customer-jwt') {
  canActivate(context: ExecutionContext) {
    const req = context.switchToHttp().getRequest<{ headers: Record<string, string | undefined> }>();
    if (!req.headers.authorization) return true;
    return super.canActivate(context);
  }
  handleRequest<T>(err: unknown, user: T, info: unknown): T {
    return explain(err, user, info) as T;
  }
}

/** Where the Google return leg leaves the signed-in customer's reply (`req.user` is the caller's actor). */
export const GOOGLE_SIGN_IN_PROPERTY = 'googleSignIn';

/**
 * Google's return to the gateway. It never refuses the request: a failed sign-in leaves no reply
 * on the request and the route sends the shopper back to the store with an error to show.
 */
@Injectable()
export class GoogleCallbackGuard extends AuthGuard('google') {
  private readonly logger = new Logger('GoogleSignIn');

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {
    super();
  }

  canActivate(context: ExecutionContext) {
    return googleSignInConfigured(this.config) ? super.canActivate(context) : true;
  }

  getAuthenticateOptions(): IAuthModuleOptions {
    return { session: false, property: GOOGLE_SIGN_IN_PROPERTY };
  }

  handleRequest<T>(err: unknown, reply: T, info: unknown): T {
    if (err || !reply) {
      const reason =
        (err as Error | undefined)?.message ?? (info as { message?: string } | undefined)?.message;
      this.logger.warn(`Google sign-in failed: ${reason ?? 'declined on Google'}`);
    }
    return (err ? null : reply || null) as T;
  }
}
