import type { ProductSitemapReply } from '@shop/proto';
import { createLogger } from '@shop/web-kit/logger';
import { gatewayUrl, publicOrigin, sitemapMaxUrls } from './env.server';
import { robotsTxt } from './robots';
import { sitemapDocument, sitemapFile, type ReadSitemapPage } from './sitemap';

/**
 * The answers of `/robots.txt`, `/sitemap.xml` and `/sitemap/<file>`, for the resource routes in
 * ./routes. Crawlers may keep them five minutes: a new product waits that long at most, and
 * every crawl of a large catalog's sitemap does not read the whole catalog again.
 */
export const SEO_CACHE_CONTROL = 'public, max-age=300';
/** How long the sitemap waits for the catalog before answering 503. */
const CATALOG_TIMEOUT_MS = 15_000;

const logger = createLogger('seo');

/** A page of the catalog's sitemap API, read through the gateway as the browser reads it. */
export function gatewaySitemapReader(base = gatewayUrl()): ReadSitemapPage {
  return async (page, limit) => {
    const res = await fetch(`${base}/api/products/sitemap?page=${page}&limit=${limit}`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(CATALOG_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`GET /api/products/sitemap?page=${page} answered ${res.status}`);
    return (await res.json()) as ProductSitemapReply;
  };
}

const answer = (body: string, contentType: string, status = 200) =>
  new Response(body, {
    status,
    headers: { 'Content-Type': contentType, 'Cache-Control': SEO_CACHE_CONTROL },
  });

const xml = (body: string) => answer(body, 'application/xml; charset=utf-8');

/** The catalog could not be read: crawlers are told to come back, and nothing is kept. */
function unavailable(err: unknown): Response {
  logger.error('The sitemap could not read the catalog', err);
  return new Response('The sitemap is not available right now.\n', {
    status: 503,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      'Retry-After': '60',
    },
  });
}

export function robotsResponse(): Response {
  return answer(robotsTxt(publicOrigin()), 'text/plain; charset=utf-8');
}

export async function sitemapResponse(read: ReadSitemapPage = gatewaySitemapReader()): Promise<Response> {
  try {
    return xml(await sitemapDocument(publicOrigin(), read, { maxUrls: sitemapMaxUrls() }));
  } catch (err) {
    return unavailable(err);
  }
}

export async function sitemapFileResponse(
  file: string,
  read: ReadSitemapPage = gatewaySitemapReader(),
): Promise<Response> {
  try {
    const body = await sitemapFile(publicOrigin(), file, read, { maxUrls: sitemapMaxUrls() });
    return body === null ? answer('Not Found\n', 'text/plain; charset=utf-8', 404) : xml(body);
  } catch (err) {
    return unavailable(err);
  }
}
