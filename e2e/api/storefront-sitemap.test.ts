import { ProductView } from '@shop/proto';
import { loader as fileLoader } from '../../web-store/src/seo/routes/sitemap.$file';
import { loader as sitemapLoader } from '../../web-store/src/seo/routes/sitemap.xml';
import { loader as robotsLoader } from '../../web-store/src/seo/routes/robots.txt';
import { Backend, startBackend } from '../harness/backend';
import { api } from '../harness/http';
import { adminToken, productPayload } from './catalog-support';

jest.setTimeout(60_000);

const PUBLIC_URL = 'https://shop.example';

/** Each `<loc>` and `<lastmod>` of a sitemap or an index, in order. */
const entries = (xml: string) =>
  [...xml.matchAll(/<(?:url|sitemap)><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?/g)].map(
    ([, loc, lastmod]) => ({
      loc,
      lastmod,
    }),
  );

/**
 * The storefront's sitemap and robots.txt resource routes, as the web-store server runs their
 * loaders, reading the real catalog through the real gateway.
 */
describe('the storefront’s /sitemap.xml, /sitemap/<file> and /robots.txt from the catalog', () => {
  let backend: Backend;
  const admin = adminToken();
  const live: ProductView[] = [];
  let deleted: ProductView;
  const env = { ...process.env };

  const fileOf = (file: string) =>
    fileLoader({ params: { file } } as unknown as Parameters<typeof fileLoader>[0]);

  beforeAll(async () => {
    backend = await startBackend({ services: ['catalog'], env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    const http = api(backend.url);
    const create = async (overrides: Record<string, unknown>) => {
      const res = await http.post('/admin2009/products', productPayload(overrides), admin);
      expect(res.status).toBe(201);
      return res.body.product as ProductView;
    };
    for (const [name, brand, category] of [
      ['Kraft Roll Labels', 'ms', 'Labels'],
      ['Vinyl Laptop Stickers', 'ms', 'Stickers'],
      ['Leather Diary', 'jaksh', 'Stationery'],
      ['Bamboo Pen', 'jaksh', 'stationery'],
      ['Paper & Ink Set', 'jaksh', 'Desk & Office'],
    ])
      live.push(await create({ name, brand, category }));
    deleted = await create({ name: 'Old Mug', brand: 'ms', category: 'Drinkware' });
    expect((await http.delete(`/admin2009/products/${deleted._id}`, admin)).status).toBe(200);
    Object.assign(process.env, { PUBLIC_URL: `${PUBLIC_URL}/`, GATEWAY_URL: backend.url });
  });
  afterEach(() => {
    delete process.env.SITEMAP_MAX_URLS;
  });
  afterAll(async () => {
    process.env = env;
    await backend?.stop();
  });

  it('lists every live product, the brand and category lists, home, all products and the legal pages, with lastmod', async () => {
    const res = await sitemapLoader();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const xml = await res.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const listed = entries(xml);
    expect(listed.map((entry) => entry.loc).sort()).toEqual(
      [
        `${PUBLIC_URL}/`,
        `${PUBLIC_URL}/products`,
        `${PUBLIC_URL}/products/ms`,
        `${PUBLIC_URL}/products/jaksh`,
        `${PUBLIC_URL}/products?category=Desk+%26+Office`,
        `${PUBLIC_URL}/products?category=Labels`,
        `${PUBLIC_URL}/products?category=Stationery`,
        `${PUBLIC_URL}/products?category=Stickers`,
        `${PUBLIC_URL}/terms`,
        `${PUBLIC_URL}/privacy`,
        ...live.map((product) => `${PUBLIC_URL}/product/${product._id}`),
      ].sort(),
    );
    expect(xml).not.toContain(deleted._id);
    for (const entry of listed) expect(entry.lastmod).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const diary = listed.find((entry) => entry.loc.endsWith(live[2]._id))!;
    expect(diary.lastmod).toBe(live[2].updatedAt.replace(/\.\d{3}Z$/, 'Z'));
  });

  it('is a sitemap index over files of products when the pages are more than a file may list', async () => {
    process.env.SITEMAP_MAX_URLS = '2';
    const index = await (await sitemapLoader()).text();
    expect(index).toContain('<sitemapindex');
    const files = entries(index).map((entry) => entry.loc);
    expect(files).toEqual([
      `${PUBLIC_URL}/sitemap/pages.xml`,
      `${PUBLIC_URL}/sitemap/products-1.xml`,
      `${PUBLIC_URL}/sitemap/products-2.xml`,
      `${PUBLIC_URL}/sitemap/products-3.xml`,
    ]);
    const products: string[] = [];
    for (const file of files.slice(1)) {
      const res = await fileOf(file.split('/').pop()!);
      expect(res.status).toBe(200);
      products.push(...entries(await res.text()).map((entry) => entry.loc));
    }
    expect(products.sort()).toEqual(live.map((product) => `${PUBLIC_URL}/product/${product._id}`).sort());
    const pages = entries(await (await fileOf('pages.xml')).text()).map((entry) => entry.loc);
    expect(pages).toContain(`${PUBLIC_URL}/products/jaksh`);
    expect(pages).toContain(`${PUBLIC_URL}/terms`);
  });

  it('answers 404 for a file the index does not name', async () => {
    process.env.SITEMAP_MAX_URLS = '2';
    for (const file of ['products-4.xml', 'products-0.xml', 'secrets.xml'])
      expect((await fileOf(file)).status).toBe(404);
  });

  it('answers 503, to be asked again, while the catalog cannot be read', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    process.env.GATEWAY_URL = 'http://127.0.0.1:9';
    try {
      const res = await sitemapLoader();
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('60');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(error).toHaveBeenCalledWith(
        '[seo] The sitemap could not read the catalog',
        expect.objectContaining({ message: 'fetch failed' }),
      );
    } finally {
      process.env.GATEWAY_URL = backend.url;
    }
  });

  it('robots.txt disallows the private pages, the API and the back office, and names the sitemap', async () => {
    const res = await robotsLoader();
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const robots = await res.text();
    expect(robots).toContain('Disallow: /checkout\n');
    expect(robots).toContain('Disallow: /api/\n');
    expect(robots).toContain('Disallow: /admin2009\n');
    expect(robots).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml\n`);
  });
});
