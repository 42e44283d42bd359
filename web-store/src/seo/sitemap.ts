import { PAGE_MAX, SITEMAP_PAGE_SIZE, type ProductSitemapReply } from '@shop/proto';
import { STATIC_PAGES } from './pages';
import { absoluteUrl, categorySpelling, listPagePath, productPagePath } from './url';

/**
 * The storefront's sitemaps (sitemaps.org): every live product's page, the brand and category
 * lists, home, all products and the legal pages, each with when it last changed. A catalog with
 * more pages than one file may list is served as a sitemap index: `/sitemap/pages.xml` for the
 * pages that are not products, and `/sitemap/products-<n>.xml` for the products, a page of the
 * catalog's sitemap API each.
 */

/** The most URLs one sitemap file may list (sitemaps.org), and the most sitemaps an index may name. */
export const SITEMAP_MAX_URLS = 50_000;

export interface SitemapEntry {
  /** An absolute URL. */
  loc: string;
  /** When the page last changed, as the catalog says; left out when unknown. */
  lastmod?: string | null;
}

/** A page of `GET /api/products/sitemap`: the catalog's live products, brands and categories. */
export type ReadSitemapPage = (page: number, limit: number) => Promise<ProductSitemapReply>;

export interface SitemapOptions {
  /** URLs one file lists before the sitemap becomes an index: 50,000, or fewer to try the index on a small catalog. */
  maxUrls?: number;
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text as XML character data or an attribute value. */
export function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]);
}

/** A time as W3C Datetime to the second, in UTC (2025-09-01T10:30:00Z); undefined for one that is not a time. */
export function w3cDatetime(value: string | Date): string | undefined {
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? undefined : time.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The latest of some times, or null when none is known. */
function latest(times: (string | null | undefined)[]): string | null {
  const known = times.filter((time): time is string => !!time && w3cDatetime(time) !== undefined);
  if (known.length === 0) return null;
  return known.reduce((a, b) => (new Date(a) >= new Date(b) ? a : b));
}

function entriesXml(
  root: 'urlset' | 'sitemapindex',
  item: 'url' | 'sitemap',
  entries: SitemapEntry[],
): string {
  const lines = entries.map((entry) => {
    const lastmod = entry.lastmod ? w3cDatetime(entry.lastmod) : undefined;
    return `<${item}><loc>${xmlEscape(entry.loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</${item}>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<${root} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`,
    ...lines,
    `</${root}>`,
    '',
  ].join('\n');
}

/** A sitemap: the pages to crawl. */
export function urlsetXml(entries: SitemapEntry[]): string {
  return entriesXml('urlset', 'url', entries);
}

/** A sitemap index: the sitemaps to read. */
export function sitemapIndexXml(sitemaps: SitemapEntry[]): string {
  return entriesXml('sitemapindex', 'sitemap', sitemaps);
}

/**
 * The pages that are not products: home and all products (changed with any product), each brand's
 * and each category's list (with its products' last change, a deletion included), and the legal
 * pages (the date they print).
 */
export function sitePageEntries(origin: string, catalog: ProductSitemapReply): SitemapEntry[] {
  const catalogChanged = latest(catalog.brands.map((brand) => brand.updatedAt));
  const url = (path: string) => absoluteUrl(origin, path);
  return [
    { loc: url(STATIC_PAGES.home.path), lastmod: catalogChanged },
    { loc: url(listPagePath({})), lastmod: catalogChanged },
    ...catalog.brands.map(({ brand, updatedAt }) => ({
      loc: url(listPagePath({ brand })),
      lastmod: updatedAt,
    })),
    ...catalog.categories.map(({ category, updatedAt }) => ({
      loc: url(listPagePath({ category: categorySpelling(category) })),
      lastmod: updatedAt,
    })),
    { loc: url(STATIC_PAGES.terms.path), lastmod: STATIC_PAGES.terms.updated },
    { loc: url(STATIC_PAGES.privacy.path), lastmod: STATIC_PAGES.privacy.updated },
  ];
}

/** Each product of a page of the catalog, by its page's address. */
export function productEntries(origin: string, page: ProductSitemapReply): SitemapEntry[] {
  return page.products.map((product) => ({
    loc: absoluteUrl(origin, productPagePath(product._id)),
    lastmod: product.updatedAt,
  }));
}

/** Products per file of an index: a page of the catalog's API, within the limit of URLs per file. */
const productsPerFile = (maxUrls: number) => Math.min(maxUrls, SITEMAP_PAGE_SIZE);

/**
 * `/sitemap.xml`: every page in one sitemap while they fit in `maxUrls`, else an index of
 * `pages.xml` and one `products-<n>.xml` per page of products.
 */
export async function sitemapDocument(
  origin: string,
  read: ReadSitemapPage,
  { maxUrls = SITEMAP_MAX_URLS }: SitemapOptions = {},
): Promise<string> {
  const perFile = productsPerFile(maxUrls);
  const first = await read(1, perFile);
  const pages = sitePageEntries(origin, first);
  if (pages.length + first.total > maxUrls) {
    const files = Math.ceil(first.total / perFile);
    return sitemapIndexXml([
      {
        loc: absoluteUrl(origin, '/sitemap/pages.xml'),
        lastmod: latest(first.brands.map((b) => b.updatedAt)),
      },
      ...Array.from({ length: files }, (_, i) => ({
        loc: absoluteUrl(origin, `/sitemap/products-${i + 1}.xml`),
      })),
    ]);
  }
  const products = productEntries(origin, first);
  for (let page = 2; page <= Math.ceil(first.total / perFile); page++)
    products.push(...productEntries(origin, await read(page, perFile)));
  // Products added while the pages were read wait for the next reading rather than overfill the file.
  return urlsetXml([...pages, ...products.slice(0, maxUrls - pages.length)]);
}

const PRODUCTS_FILE = /^products-([1-9]\d{0,5})\.xml$/;

/**
 * A file of the sitemap index: `pages.xml`, or `products-<n>.xml`, the n-th page of products.
 * Null for a name that is no such file, or a page past the catalog's last.
 */
export async function sitemapFile(
  origin: string,
  file: string,
  read: ReadSitemapPage,
  { maxUrls = SITEMAP_MAX_URLS }: SitemapOptions = {},
): Promise<string | null> {
  const perFile = productsPerFile(maxUrls);
  if (file === 'pages.xml') return urlsetXml(sitePageEntries(origin, await read(1, 1)));
  const match = PRODUCTS_FILE.exec(file);
  if (!match) return null;
  const page = Number(match[1]);
  if (page > PAGE_MAX) return null;
  const reply = await read(page, perFile);
  return reply.products.length > 0 ? urlsetXml(productEntries(origin, reply)) : null;
}
