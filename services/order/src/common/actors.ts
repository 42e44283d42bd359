import { RpcError } from '@shop/kit';
import type { Actor } from '@shop/proto';

/** The gateway guards its routes; the service checks the caller again, as every owner of data does. */
export function requireCustomer(actor: Actor | null | undefined): string {
  if (!actor || actor.role !== 'customer') throw RpcError.unauthorized();
  return actor.userId;
}

export function requireAdmin(actor: Actor | null | undefined): Actor {
  if (!actor) throw RpcError.unauthorized();
  if (actor.role !== 'admin') throw RpcError.forbidden();
  return actor;
}
