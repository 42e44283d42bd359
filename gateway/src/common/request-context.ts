import { requestContext } from '@shop/kit';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { TrustProxy } from '../config/trusted-proxies';

/** A proxy's id short and plain enough to go into every log line and RPC as it is. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Fastify's `genReqId`: the `x-request-id` of a trusted proxy in front (TRUSTED_PROXIES) when it
 * is sane, else a fresh id. Anyone else's is ignored, so an outsider cannot forge the id that ties
 * log lines together.
 */
export function requestIds(trust: TrustProxy): (req: IncomingMessage) => string {
  return (req) => {
    const sent = req.headers['x-request-id'];
    const peer = req.socket?.remoteAddress;
    const fromTrustedProxy = peer !== undefined && trust(peer, 0);
    return fromTrustedProxy && typeof sent === 'string' && SANE_REQUEST_ID.test(sent) ? sent : randomUUID();
  };
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
