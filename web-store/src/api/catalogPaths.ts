import { PRODUCTS_PAGE_SIZE } from '@shop/proto';

/** Where the API lives, under the page's own origin in the browser and the gateway's on the server. */
export const API_BASE = '/api';

export interface ProductQuery {
  brand?: string;
  search?: string;
  category?: string;
  minPrice?: number;
  maxPrice?: number;
  minRating?: number;
  sort?: string;
}

/** Where the next page of an infinite scroll starts: the page number and the server's cursor. */
export interface PageRef {
  page: number;
  cursor?: string | null;
}

/** Only the filters that are set travel as query parameters. */
export function productListParams(query: ProductQuery, ref: PageRef): Record<string, string | number> {
  const out: Record<string, string | number> = { limit: PRODUCTS_PAGE_SIZE, page: ref.page };
  if (ref.cursor) out.cursor = ref.cursor;
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '' || (key === 'minRating' && value === 0))
      continue;
    out[key] = value;
  }
  return out;
}

export function productPath(id: string): string {
  return `/products/${encodeURIComponent(id)}`;
}

export function productImage(product: { images?: unknown }): string | undefined {
  const images = Array.isArray(product.images) ? product.images : [];
  return images.find((src): src is string => typeof src === 'string' && src.length > 0);
}
