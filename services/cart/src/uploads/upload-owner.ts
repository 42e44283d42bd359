import { RpcError } from '@shop/kit';
import type { Actor } from '@shop/proto';
import { createHash } from 'node:crypto';

/** Who holds an upload: a customer, or a visitor's guest cart (by the digest of its id). */
export type UploadOwner = { userId: string; guestKey: null } | { userId: null; guestKey: string };

/** The table keeps a digest, never the guest cart id itself: that id is what proves ownership. */
export const guestKeyOf = (guestCartId: string): string =>
  createHash('sha256').update(guestCartId).digest('hex');

/**
 * The owner of a new upload: the signed-in customer, else the visitor's guest cart the gateway
 * named from its cookie. Anyone else (staff, a caller with neither) is refused.
 */
export function uploadOwner(actor: Actor | null | undefined, guestCartId: string | undefined): UploadOwner {
  if (actor?.role === 'customer') return { userId: actor.userId, guestKey: null };
  if (!actor && guestCartId) return { userId: null, guestKey: guestKeyOf(guestCartId) };
  throw RpcError.unauthorized();
}
