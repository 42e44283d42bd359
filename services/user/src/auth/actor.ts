import { RpcError } from '@shop/kit';
import type { Actor, Role } from '@shop/proto';

/** The id of the verified caller when it has `role`; anyone else is not signed in for this call. */
export function actorId(actor: Actor | null | undefined, role: Role): string {
  if (!actor || actor.role !== role) throw RpcError.unauthorized();
  return actor.userId;
}
