import { RpcError } from '@shop/kit';
import type { Actor } from '@shop/proto';

/** The gateway guards admin routes; the service checks again, as every owner of data does. */
export function requireAdmin(actor: Actor | null | undefined): Actor {
  if (!actor) throw RpcError.unauthorized();
  if (actor.role !== 'admin') throw RpcError.forbidden();
  return actor;
}

export function requireCustomer(actor: Actor | null | undefined, message: string): Actor {
  if (!actor || actor.role !== 'customer') throw RpcError.unauthorized(message);
  return actor;
}
