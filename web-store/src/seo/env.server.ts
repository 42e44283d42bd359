import { SITEMAP_MAX_URLS } from './sitemap';
import { publicOriginOf } from './url';

/** Where loaders reach the API when GATEWAY_URL is not set: the gateway `npm start` runs. */
const DEFAULT_GATEWAY_URL = 'http://127.0.0.1:8080';

/** Where the shop is public (PUBLIC_URL): the start of every canonical, Open Graph and sitemap address. */
export function publicOrigin(): string {
  return publicOriginOf(process.env.PUBLIC_URL);
}

/** Where the server reaches the gateway's `/api` (GATEWAY_URL), without a trailing slash. */
export function gatewayUrl(): string {
  return (process.env.GATEWAY_URL?.trim() || DEFAULT_GATEWAY_URL).replace(/\/+$/, '');
}

/**
 * URLs one sitemap file lists before `/sitemap.xml` becomes an index (SITEMAP_MAX_URLS): the
 * protocol's 50,000, or fewer, so that an index can be tried on a small catalog.
 */
export function sitemapMaxUrls(): number {
  const text = process.env.SITEMAP_MAX_URLS?.trim();
  if (!text) return SITEMAP_MAX_URLS;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > SITEMAP_MAX_URLS)
    throw new Error(`SITEMAP_MAX_URLS must be a whole number from 1 to ${SITEMAP_MAX_URLS}, got "${text}"`);
  return value;
}
