import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { PageRef, ProductQuery } from './catalogPaths';
import { fetchProduct, fetchProductPage, nextPageRef } from './products';

/**
 * The catalog queries a page reads and the routes' client loaders start: one key and one fetch
 * for both, so the page finds the loader's answer in the cache. A failure is shown as it is, with
 * the page's Try again, rather than asked again on mount: a second request would alert the shopper
 * a second time about the same server error. A list may start at a numbered page (`?page=N`).
 */
export function productListQuery(query: ProductQuery, firstPage = 1) {
  return infiniteQueryOptions({
    queryKey: ['products', query, firstPage],
    queryFn: ({ pageParam, signal }) => fetchProductPage(query, pageParam, signal),
    initialPageParam: { page: firstPage } as PageRef,
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
