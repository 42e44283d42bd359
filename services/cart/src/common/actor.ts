import { RpcError } from '@shop/kit';
import type { Actor } from '@shop/proto';

/** The server cart belongs to a signed-in customer; visitors keep theirs in the browser. */
export function customerId(actor: Actor | null | undefined): string {
  if (!actor || actor.role !== 'customer') throw RpcError.unauthorized();
  return actor.userId;
}
