import { SITEMAP_MAX_URLS } from './sitemap';
import { publicOriginOf } from './url';

export { gatewayUrl } from '../api/gateway';

/** Where the shop is public (PUBLIC_URL): the start of every canonical, Open Graph and sitemap address. */
export function publicOrigin(): string {
  return publicOriginOf(process.env.PUBLIC_URL);
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
