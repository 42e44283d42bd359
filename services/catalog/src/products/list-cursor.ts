import { RpcError } from '@shop/kit';
import { CATALOG_MESSAGES, PRODUCT_SORTS, ProductSort } from '@shop/proto';

/** Where an infinite scroll stopped: the sort key and id of the last product it showed. */
export interface ListCursor {
  sort: ProductSort;
  key: string | number;
  id: string;
}

export function encodeCursor(cursor: ListCursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.key, cursor.id])).toString('base64url');
}

export function decodeCursor(text: string, sort: ProductSort): ListCursor {
  const invalid = () => RpcError.badRequest(CATALOG_MESSAGES.invalidCursor);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw invalid();
  const [cursorSort, key, id] = parsed as [unknown, unknown, unknown];
  const keyOk =
    cursorSort === 'price-asc' || cursorSort === 'price-desc'
      ? Number.isInteger(key)
      : typeof key === 'string';
  const idOk = typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id);
  if (cursorSort !== sort || !PRODUCT_SORTS.includes(sort) || !keyOk || !idOk) throw invalid();
  return { sort, key: key as string | number, id: id as string };
}
