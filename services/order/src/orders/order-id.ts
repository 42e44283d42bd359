import { RpcError } from '@shop/kit';
import { ORDER_MESSAGES, orderIdSchema } from '@shop/proto';

/** An id that cannot name an order names no order: 404, as for an id that names none. */
export function orderIdOf(id: unknown): string {
  const parsed = orderIdSchema.safeParse({ id });
  if (!parsed.success) throw RpcError.notFound(ORDER_MESSAGES.orderNotFound);
  return parsed.data.id;
}
