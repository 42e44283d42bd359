import { requestContext } from '@shop/kit';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';

/** A caller's id short and plain enough to go into every log line and RPC as it is. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The request's id: the caller's `x-request-id` when it is sane, else a fresh one. */
export function requestIdOf(req: IncomingMessage): string {
  const sent = req.headers['x-request-id'];
  return typeof sent === 'string' && SANE_REQUEST_ID.test(sent) ? sent : randomUUID();
}

/**
 * Runs each HTTP request's handler in its request-id context, so every RPC it makes carries the id.
 * A Fastify hook rather than a Nest interceptor: issue 13's profile of the gateway showed the
 * interceptor chain (rxjs, and AsyncResource.bind, which calls util.deprecate on every call in
 * Node 20) at some 8% of the CPU of a catalog read. preHandler, since the body is read by then: a
 * context entered earlier is lost across the body's stream events.
 */
export function runHandlersInRequestContext(fastify: FastifyInstance): void {
  fastify.addHook('preHandler', (req, _reply, done) => requestContext.run({ requestId: req.id }, done));
}
