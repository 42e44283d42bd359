import { ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';

function explain(err: unknown, user: unknown, info: unknown) {
  if (err || !user) {
    const name = (info as Error | undefined)?.name;
    if (name === 'TokenExpiredError') throw new UnauthorizedException('Your session has expired. Please log in again.');
    if (!info || (info as Error).message === 'No auth token') throw new UnauthorizedException('Authentication required');
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
