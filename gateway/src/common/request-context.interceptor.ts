import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { requestContext } from '@shop/kit';
import type { FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';

/** Runs each HTTP request in its request-id context, so every RPC it makes carries the id. */
@Injectable()
export class RequestContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    return requestContext.run({ requestId: req.id }, () => next.handle());
  }
}
