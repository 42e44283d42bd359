import { RpcError } from '@shop/kit';
import type { Actor } from '@shop/proto';

/** The gateway guards admin routes; the service checks the caller again, as every owner of data does. */
export function requireAdmin(actor: Actor | null | undefined): Actor {
  if (!actor) throw RpcError.unauthorized();
  if (actor.role !== 'admin') throw RpcError.forbidden();
  return actor;
}
