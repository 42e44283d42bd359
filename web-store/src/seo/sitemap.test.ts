import type { ProductSitemapReply } from '@shop/proto';
import { robotsTxt } from './robots';
import {
  sitemapDocument,
  sitemapFile,
  sitemapIndexXml,
  urlsetXml,
  w3cDatetime,
  xmlEscape,
  type ReadSitemapPage,
} from './sitemap';

const ORIGIN = 'https://www.msjaksh.in';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A catalog of `count` live products as the sitemap API pages it, and the pages each reading asked for. */
function catalog(count: number) {
  const asked: { page: number; limit: number }[] = [];
  const products = Array.from({ length: count }, (_, i) => ({
    _id: id(i + 1),
    updatedAt: `2025-10-${String((i % 28) + 1).padStart(2, '0')}T08:15:30.123456+05:30`,
  }));
  const read: ReadSitemapPage = async (page, limit) => {
    asked.push({ page, limit });
    const reply: ProductSitemapReply = {
      success: true,
      page,
      limit,
      total: count,
      products: products.slice((page - 1) * limit, page * limit),
      brands: [
        { brand: 'ms', updatedAt: '2025-11-02T10:00:00.000+00:00' },
        { brand: 'jaksh', updatedAt: '2025-11-20T18:45:12.5+00:00' },
      ],
      categories: [
        { category: 'stationery', updatedAt: '2025-11-20T18:45:12.5+00:00' },
        { category: 'Paper & Ink', updatedAt: '2025-10-01T00:00:00+00:00' },
      ],
    };
    return reply;
  };
  return { read, asked };
}

/** The XML as a crawler parses it: refused if it is not well formed. */
function parse(xml: string): Document {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  expect(doc.documentElement.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  return doc;
}

const entriesOf = (doc: Document, item: 'url' | 'sitemap') =>
  [...doc.getElementsByTagName(item)].map((node) => ({
    loc: node.getElementsByTagName('loc')[0]?.textContent,
    lastmod: node.getElementsByTagName('lastmod')[0]?.textContent,
  }));

describe('/sitemap.xml', () => {
  it('lists home, the lists, the legal pages and every product, each with its last change', async () => {
    const { read } = catalog(3);
    const doc = parse(await sitemapDocument(ORIGIN, read));
    expect(doc.documentElement.localName).toBe('urlset');
    expect(entriesOf(doc, 'url')).toEqual([
      { loc: `${ORIGIN}/`, lastmod: '2025-11-20T18:45:12Z' },
      { loc: `${ORIGIN}/products`, lastmod: '2025-11-20T18:45:12Z' },
      { loc: `${ORIGIN}/products/ms`, lastmod: '2025-11-02T10:00:00Z' },
      { loc: `${ORIGIN}/products/jaksh`, lastmod: '2025-11-20T18:45:12Z' },
      { loc: `${ORIGIN}/products?category=Stationery`, lastmod: '2025-11-20T18:45:12Z' },
      { loc: `${ORIGIN}/products?category=Paper+%26+Ink`, lastmod: '2025-10-01T00:00:00Z' },
      { loc: `${ORIGIN}/terms`, lastmod: '2025-09-01T00:00:00Z' },
      { loc: `${ORIGIN}/privacy`, lastmod: '2025-09-01T00:00:00Z' },
      { loc: `${ORIGIN}/product/${id(1)}`, lastmod: '2025-10-01T02:45:30Z' },
      { loc: `${ORIGIN}/product/${id(2)}`, lastmod: '2025-10-02T02:45:30Z' },
      { loc: `${ORIGIN}/product/${id(3)}`, lastmod: '2025-10-03T02:45:30Z' },
    ]);
  });

  it('reads the catalog a page at a time while everything fits in one file', async () => {
    const { read, asked } = catalog(25_000);
    const xml = await sitemapDocument(ORIGIN, read);
    expect(xml).toContain('<urlset');
    expect(xml.match(/<url><loc>[^<]+<\/loc><lastmod>[^<]+<\/lastmod><\/url>/g)).toHaveLength(25_000 + 8);
    expect(asked).toEqual([1, 2, 3].map((page) => ({ page, limit: 10_000 })));
  });

  it('becomes a sitemap index once the pages are more than one file may list', async () => {
    const { read } = catalog(25);
    const doc = parse(await sitemapDocument(ORIGIN, read, { maxUrls: 10 }));
    expect(doc.documentElement.localName).toBe('sitemapindex');
    expect(entriesOf(doc, 'sitemap')).toEqual([
      { loc: `${ORIGIN}/sitemap/pages.xml`, lastmod: '2025-11-20T18:45:12Z' },
      { loc: `${ORIGIN}/sitemap/products-1.xml`, lastmod: undefined },
      { loc: `${ORIGIN}/sitemap/products-2.xml`, lastmod: undefined },
      { loc: `${ORIGIN}/sitemap/products-3.xml`, lastmod: undefined },
    ]);
  });

  it('stays one file at exactly the limit, and is an index one URL past it', async () => {
    // Eight pages besides the products.
    expect(
      parse(await sitemapDocument(ORIGIN, catalog(2).read, { maxUrls: 10 })).documentElement.localName,
    ).toBe('urlset');
    expect(
      parse(await sitemapDocument(ORIGIN, catalog(3).read, { maxUrls: 10 })).documentElement.localName,
    ).toBe('sitemapindex');
  });

  it('is an index at the protocol’s 50,000 URLs by default', async () => {
    const doc = parse(await sitemapDocument(ORIGIN, catalog(50_000).read));
    expect(doc.documentElement.localName).toBe('sitemapindex');
    expect(doc.getElementsByTagName('sitemap')).toHaveLength(1 + 5);
  });
});

describe('/sitemap/<file> of the index', () => {
  it('lists the pages that are not products in pages.xml', async () => {
    const doc = parse((await sitemapFile(ORIGIN, 'pages.xml', catalog(25).read, { maxUrls: 10 }))!);
    expect(entriesOf(doc, 'url').map((entry) => entry.loc)).toContain(`${ORIGIN}/products/jaksh`);
    expect(doc.getElementsByTagName('url')).toHaveLength(8);
  });

  it('lists the n-th page of products in products-<n>.xml', async () => {
    const { read, asked } = catalog(25);
    const doc = parse((await sitemapFile(ORIGIN, 'products-3.xml', read, { maxUrls: 10 }))!);
    expect(entriesOf(doc, 'url').map((entry) => entry.loc)).toEqual(
      [21, 22, 23, 24, 25].map((n) => `${ORIGIN}/product/${id(n)}`),
    );
    expect(asked).toEqual([{ page: 3, limit: 10 }]);
  });

  it.each([
    'products-4.xml',
    'products-0.xml',
    'products-01.xml',
    'products-10001.xml',
    'products.xml',
    'other.xml',
  ])('has no %s', async (file) => {
    expect(await sitemapFile(ORIGIN, file, catalog(25).read, { maxUrls: 10 })).toBeNull();
  });
});

describe('sitemap XML', () => {
  it('escapes what XML reserves, so every address reads back as it was', () => {
    const loc = `${ORIGIN}/products?category=a&b=<c>"'`;
    const doc = parse(urlsetXml([{ loc }]));
    expect(doc.getElementsByTagName('loc')[0].textContent).toBe(loc);
    expect(xmlEscape(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&apos;');
  });

  it('writes times as W3C Datetime in UTC, and leaves out one that is not a time', () => {
    expect(w3cDatetime('2026-11-28T23:29:15.866956+05:30')).toBe('2026-11-28T17:59:15Z');
    expect(w3cDatetime('2025-09-01')).toBe('2025-09-01T00:00:00Z');
    expect(w3cDatetime('not a time')).toBeUndefined();
    const doc = parse(sitemapIndexXml([{ loc: `${ORIGIN}/a.xml`, lastmod: 'not a time' }]));
    expect(doc.getElementsByTagName('lastmod')).toHaveLength(0);
  });
});

describe('/robots.txt', () => {
  const robots = robotsTxt(ORIGIN);
  const rules = robots.split('\n');

  it('allows the catalog and names the sitemap by its absolute URL', () => {
    expect(rules).toContain('User-agent: *');
    expect(rules).toContain('Allow: /');
    expect(rules).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(robots).not.toMatch(/Disallow: \/products?(\s|$)/m);
  });

  it.each([
    '/cart',
    '/checkout',
    '/payment',
    '/confirmation',
    '/account',
    '/wishlist',
    '/profile',
    '/login',
    '/register',
    '/forgot-password',
    '/reset-password',
    '/verify-email',
    '/api/',
    '/admin2009',
  ])('disallows %s', (path) => {
    expect(rules).toContain(`Disallow: ${path}`);
  });

  it('keeps crawlers off the sort, price and rating variants of a list', () => {
    expect(rules).toEqual(expect.arrayContaining(['Disallow: /*?*sort=', 'Disallow: /*?*minPrice=']));
  });
});
