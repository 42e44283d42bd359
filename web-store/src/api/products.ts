import { PRODUCTS_PAGE_SIZE, SIMILAR_PRODUCTS_LIMIT } from '@shop/proto';
import { productListParams, productPath, type PageRef, type ProductQuery } from './catalogPaths';
import { api } from './client';
import type { Product, ProductCard, ProductPage, SearchHit } from './types';

export async function fetchProductPage(
  query: ProductQuery,
  ref: PageRef,
  signal?: AbortSignal,
): Promise<ProductPage> {
  const { data } = await api.get<Partial<ProductPage>>('/products', {
    params: productListParams(query, ref),
    signal,
  });
  const products = Array.isArray(data.products) ? data.products : [];
  return {
    success: true,
    products,
    total: data.total ?? products.length,
    page: data.page ?? ref.page,
    limit: data.limit ?? PRODUCTS_PAGE_SIZE,
    hasMore: data.hasMore ?? products.length === PRODUCTS_PAGE_SIZE,
    nextCursor: data.nextCursor ?? null,
  };
}

export function nextPageRef(last: ProductPage): PageRef | undefined {
  return last.hasMore ? { page: last.page + 1, cursor: last.nextCursor } : undefined;
}

/** The header dropdown: a failed search shows as no result (storefront spec, section 8). */
export async function searchProducts(q: string, signal?: AbortSignal): Promise<SearchHit[]> {
  try {
    const { data } = await api.get<{ products?: SearchHit[] }>('/products/search', { params: { q }, signal });
    return Array.isArray(data.products) ? data.products : [];
  } catch {
    return [];
  }
}

/** Replies carry `rating` or `averageRating`, `reviewCount` or `totalReviews` (spec, section 3). */
export function productRating(product: Partial<Product>): number {
  return Number(product.rating ?? product.averageRating ?? 0);
}

export function productReviewCount(product: Partial<Product>): number {
  return Number(product.reviewCount ?? product.totalReviews ?? 0);
}

/** `GET /products/{id}` answers `{success, product}`. */
export async function fetchProduct(id: string, signal?: AbortSignal): Promise<Product> {
  const { data } = await api.get<{ product?: Product } & Partial<Product>>(productPath(id), { signal });
  return (data.product ?? data) as Product;
}

/** Products like this one: the page asks for 8 and shows 4 (storefront spec, section 9). */
export async function fetchSimilarProducts(id: string, signal?: AbortSignal): Promise<ProductCard[]> {
  const { data } = await api.get<{ products?: ProductCard[] }>(
    `/products/${encodeURIComponent(id)}/similar`,
    {
      params: { limit: SIMILAR_PRODUCTS_LIMIT },
      signal,
    },
  );
  return Array.isArray(data.products) ? data.products : [];
}
