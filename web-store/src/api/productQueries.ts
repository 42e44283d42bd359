import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { PageRef, ProductQuery } from './catalogPaths';
import { fetchProduct, fetchProductPage, nextPageRef } from './products';

/**
 * The catalog queries a page reads and the boot preload starts (routePreload.ts): one key and one
 * fetch for both, so the page finds the preloaded answer in the cache. A failed preload is shown
 * as it is, with the page's Try again, rather than asked again on mount: a second request would
 * alert the shopper a second time about the same server error.
 */
export function productListQuery(query: ProductQuery) {
  return infiniteQueryOptions({
    queryKey: ['products', query],
    queryFn: ({ pageParam, signal }) => fetchProductPage(query, pageParam, signal),
    initialPageParam: { page: 1 } as PageRef,
    getNextPageParam: nextPageRef,
    retryOnMount: false,
  });
}

export function productQuery(id: string) {
  return queryOptions({
    queryKey: ['product', id],
    queryFn: ({ signal }) => fetchProduct(id, signal),
    retryOnMount: false,
  });
}
