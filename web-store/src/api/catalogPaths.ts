import { PRODUCTS_PAGE_SIZE } from '@shop/proto';

/**
 * The catalog reads as paths under the API, shared by the app's client and the first-screen script
 * (boot/firstScreen.ts), which asks for the same path before the app has loaded. Nothing here may
 * import the request client: the first-screen script is built from these modules alone.
 */

/** Where the API lives, for the app's client and the first-screen script alike. */
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

/** A page of the product list as one path: the first-screen script's and the app's request for it agree on it. */
export function productListPath(query: ProductQuery, ref: PageRef): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(productListParams(query, ref))) params.set(key, String(value));
  return `/products?${params}`;
}

export function productPath(id: string): string {
  return `/products/${encodeURIComponent(id)}`;
}

export function productImage(product: { images?: unknown }): string | undefined {
  const images = Array.isArray(product.images) ? product.images : [];
  return images.find((src): src is string => typeof src === 'string' && src.length > 0);
}
