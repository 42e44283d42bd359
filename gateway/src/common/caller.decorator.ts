import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { RpcCallOptions } from '@shop/kit';
import { USER_AGENT_MAX_LENGTH, type Actor } from '@shop/proto';
import type { FastifyRequest } from 'fastify';

/**
 * Who is calling, to pass along with an RPC: the verified actor, the request id and the IP.
 * `@Caller('device')`, on the routes that sign in, adds the browser's User-Agent, by which the
 * session names its device.
 */
export const Caller = createParamDecorator((detail: 'device' | undefined, ctx: ExecutionContext): RpcCallOptions => {
  const req = ctx.switchToHttp().getRequest<FastifyRequest & { user?: Actor }>();
  const caller: RpcCallOptions = { actor: req.user ?? null, requestId: req.id, ip: req.ip };
  if (detail === 'device') caller.userAgent = req.headers['user-agent']?.slice(0, USER_AGENT_MAX_LENGTH);
  return caller;
});
