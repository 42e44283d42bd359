import { RpcError } from '@shop/kit';
import { CATALOG_MESSAGES, ListCursor, parseListCursor, ProductSort } from '@shop/proto';

/** The cursor of an infinite scroll, or 400 'Invalid cursor'. */
export function decodeCursor(text: string, sort: ProductSort): ListCursor {
  const cursor = parseListCursor(text, sort);
  if (!cursor) throw RpcError.badRequest(CATALOG_MESSAGES.invalidCursor);
  return cursor;
}
