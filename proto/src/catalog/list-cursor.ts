import { PRODUCT_SORTS, ProductSort } from './catalog.constants';

/**
 * Where an infinite scroll stopped: the sort key and id of the last product it showed. The
 * catalog and the gateway's product list replica both read and write it, so a scroll can move
 * from one to the other.
 */
export interface ListCursor {
  sort: ProductSort;
  /** Name sorts: the lower-cased name; price sorts: paise; newest: a timestamp PostgreSQL reads. */
  key: string | number;
  id: string;
}

const toBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

const fromBase64Url = (text: string) =>
  Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

export function encodeListCursor(cursor: ListCursor): string {
  return toBase64Url(new TextEncoder().encode(JSON.stringify([cursor.sort, cursor.key, cursor.id])));
}

/** The cursor `text` holds, or null when it is not one made for `sort`. */
export function parseListCursor(text: string, sort: ProductSort): ListCursor | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(fromBase64Url(text)));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) return null;
  const [cursorSort, key, id] = parsed as [unknown, unknown, unknown];
  const keyOk =
    cursorSort === 'price-asc' || cursorSort === 'price-desc' ? Number.isInteger(key) : typeof key === 'string';
  const idOk = typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id);
  if (cursorSort !== sort || !PRODUCT_SORTS.includes(sort) || !keyOk || !idOk) return null;
  return { sort, key: key as string | number, id: id as string };
}
