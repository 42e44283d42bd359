import { RpcError } from '@shop/kit';
import type { Actor } from '@shop/proto';

/** The id of the signed-in customer making the call; anyone else is not signed in for it. */
export function customerId(actor: Actor | null | undefined): string {
  if (!actor || actor.role !== 'customer') throw RpcError.unauthorized();
  return actor.userId;
}
