import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { requestContext } from '@shop/kit';
import type { FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { Observable } from 'rxjs';

/** A caller's id short and plain enough to go into every log line and RPC as it is. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The request's id: the caller's `x-request-id` when it is sane, else a fresh one. */
export function requestIdOf(req: IncomingMessage): string {
  const sent = req.headers['x-request-id'];
  return typeof sent === 'string' && SANE_REQUEST_ID.test(sent) ? sent : randomUUID();
}

/** Runs each HTTP request in its request-id context, so every RPC it makes carries the id. */
@Injectable()
export class RequestContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    return requestContext.run({ requestId: req.id }, () => next.handle());
  }
}
