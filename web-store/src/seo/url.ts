import { HOME_CATEGORIES, type Brand } from '@shop/proto';

/**
 * The storefront's public addresses as search engines and chat apps are given them: absolute,
 * from PUBLIC_URL (where the shop is reached, whatever host the server runs on), one spelling per
 * page. Nothing here imports the app's content or its client, so the sitemap's server routes and
 * the API tests load it as it is.
 */

export const DEFAULT_PUBLIC_URL = 'http://localhost:8080';

/**
 * PUBLIC_URL as every address starts with it: an http(s) URL without a trailing slash, query or
 * fragment (a path is kept, for a shop served under one). Anything else is a deployment mistake
 * that would put wrong addresses in every page, so it is refused loudly.
 */
export function publicOriginOf(value: string | undefined): string {
  const text = value?.trim() || DEFAULT_PUBLIC_URL;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`PUBLIC_URL must be an absolute http(s) URL, got "${text}"`);
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.search || url.hash || url.username || url.password)
    throw new Error(
      `PUBLIC_URL must be an http(s) URL without query, fragment or credentials, got "${text}"`,
    );
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** A path of the shop (or an address already absolute, such as another host's picture) as an absolute URL. */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  if (pathOrUrl.startsWith('//')) return `${new URL(origin).protocol}${pathOrUrl}`;
  return `${origin}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

export const productPagePath = (id: string) => `/product/${encodeURIComponent(id)}`;

/** What a product list shows, as far as its address names it for search engines. */
export interface ListAddress {
  brand?: Brand;
  category?: string;
  search?: string;
  /** A numbered page of the list; the first is left out. */
  page?: number;
}

/**
 * A list's one address: its brand in the path, then search and category as the products page
 * writes them (URLSearchParams, in that order), then the page. Sort, prices and rating are left
 * out: they order or narrow the same list, which is not another page to index.
 */
export function listPagePath({ brand, category, search, page }: ListAddress): string {
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  if (category) params.set('category', category);
  if (page && page > 1) params.set('page', String(page));
  const query = params.toString();
  return `/products${brand ? `/${brand}` : ''}${query ? `?${query}` : ''}`;
}

/**
 * A category as the catalog spells it, so `?category=stationery` and `?category=Stationery` are one
 * page: one of the home page's categories, else as the catalog's products spell it (`known`),
 * else as given. The list's filter reads categories whatever their case.
 */
export function categorySpelling(category: string, known: readonly string[] = []): string {
  const key = category.trim().toLowerCase();
  return (
    HOME_CATEGORIES.find((name) => name.toLowerCase() === key) ??
    known.find((name) => name.toLowerCase() === key) ??
    category.trim()
  );
}
