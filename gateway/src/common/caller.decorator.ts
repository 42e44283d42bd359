import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { RpcCallOptions } from '@shop/kit';
import type { Actor } from '@shop/proto';
import type { FastifyRequest } from 'fastify';

/** Who is calling, to pass along with an RPC: the verified actor, the request id and the IP. */
export const Caller = createParamDecorator((_: unknown, ctx: ExecutionContext): RpcCallOptions => {
  const req = ctx.switchToHttp().getRequest<FastifyRequest & { user?: Actor }>();
  return { actor: req.user ?? null, requestId: req.id, ip: req.ip };
});
