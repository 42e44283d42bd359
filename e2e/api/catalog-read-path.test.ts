import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { BRANDS, HOME_CATEGORIES, PRODUCTS_PAGE_SIZE } from '@shop/proto';
import {
  BRAND_STORY,
  CATEGORY_DETAILS,
  CATEGORY_OPTIONS,
  SEED_OPTIONS,
  SEED_PRODUCTS,
} from '../../services/catalog/src/seed/seed-data';
import { Backend, startBackend } from '../harness/backend';
import { api, rawGet } from '../harness/http';
import { adminToken } from './catalog-support';

jest.setTimeout(120_000);

/** What a product card shows, and nothing else (issue 13). */
const CARD_KEYS = [
  '_id',
  'brand',
  'category',
  'images',
  'isBestSeller',
  'isNew',
  'name',
  'originalPrice',
  'price',
  'rating',
  'reviewCount',
  'stock',
].sort();

const PAGE_BUDGET_BYTES = 16 * 1024;
/** The storefront's browser files, as its server sends them. */
const WEB_STORE_CLIENT = join(__dirname, '..', '..', 'web-store', 'build', 'client');

describe('catalog read path: card-sized list replies', () => {
  let backend: Backend;
  let http: ReturnType<typeof api>;
  const admin = adminToken();
  let sample: string;

  /** 24 products shaped like the seeded catalog: long descriptions, three pictures, tags, options. */
  beforeAll(async () => {
    backend = await startBackend({
      services: ['catalog'],
      storefront: true,
      env: { RATE_LIMIT_PER_MINUTE: '100000' },
    });
    http = api(backend.url);
    const options = new Map<string, string>();
    for (const option of SEED_OPTIONS) {
      const modifier = (rupees: number) => ({
        type: 'fixed',
        operator: rupees < 0 ? '-' : '+',
        value: Math.abs(rupees),
      });
      const res = await http.post(
        '/customizations',
        {
          name: option.name,
          type: option.type,
          description: option.description,
          isActive: true,
          ...(option.modifier === undefined ? {} : { priceModifier: modifier(option.modifier) }),
          options: (option.options ?? []).map(([value, rupees]) => ({
            value,
            priceModifier: modifier(rupees),
          })),
        },
        admin,
      );
      expect(res.status).toBe(201);
      options.set(option.key, res.body.customization._id);
    }
    let made = 0;
    for (const category of HOME_CATEGORIES) {
      for (const brand of BRANDS) {
        for (const [name, price, originalPrice, stock] of SEED_PRODUCTS[category][brand].slice(0, 2)) {
          const res = await http.post(
            '/admin2009/products',
            {
              name,
              brand,
              category,
              price,
              originalPrice: originalPrice || null,
              stock,
              description: `${name}. ${CATEGORY_DETAILS[category]} ${BRAND_STORY[brand]}`,
              images: [1, 2, 3].map(() => `/uploads/products/${randomUUID()}-web.webp`),
              tags: [
                category.toLowerCase(),
                brand === 'ms' ? 'bulk' : 'gift',
                ...name.toLowerCase().split(' ').slice(0, 3),
              ],
              sku: `${brand.toUpperCase()}-${category.slice(0, 3).toUpperCase()}-${String(++made).padStart(3, '0')}`,
              weight: 300,
              dimensions: { length: 21, width: 14.8, height: 1.5 },
              isNew: made % 3 === 0,
              isBestSeller: made % 4 === 0,
              availableSizes: brand === 'jaksh' ? ['A5', 'A4'] : [],
              turnaroundTime: '5-7 business days',
              customizations: CATEGORY_OPTIONS[category][brand].map((key) => ({
                optionId: options.get(key),
                enabled: true,
              })),
            },
            admin,
          );
          expect(res.status).toBe(201);
          sample = res.body.product._id;
        }
      }
    }
    expect(made).toBe(PRODUCTS_PAGE_SIZE);
  });
  afterAll(() => backend?.stop());

  it(`answers a page of ${PRODUCTS_PAGE_SIZE} cards in ${PAGE_BUDGET_BYTES / 1024} KB of JSON or less`, async () => {
    const res = await fetch(`${backend.url}/api/products?limit=${PRODUCTS_PAGE_SIZE}`);
    const text = await res.text();
    expect(JSON.parse(text).products).toHaveLength(PRODUCTS_PAGE_SIZE);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(PAGE_BUDGET_BYTES);
  });

  it.each([
    ['the list', `/products?limit=${PRODUCTS_PAGE_SIZE}&sort=newest`],
    ['a filtered search', '/products?search=lanyard'],
  ])('gives %s only what a card shows, with the first picture', async (_, path) => {
    const res = await http.get(path);
    expect(res.status).toBe(200);
    expect(res.body.products.length).toBeGreaterThan(0);
    for (const card of res.body.products) {
      expect(Object.keys(card).sort()).toEqual(CARD_KEYS);
      expect(card.images).toHaveLength(1);
    }
  });

  it('gives similar products as cards too', async () => {
    const res = await http.get(`/products/${sample}/similar?limit=8`);
    expect(res.status).toBe(200);
    expect(res.body.products.length).toBeGreaterThan(0);
    for (const card of res.body.products) expect(Object.keys(card).sort()).toEqual(CARD_KEYS);
  });

  it('keeps the full product on the detail route', async () => {
    const res = await http.get(`/products/${sample}`);
    expect(res.status).toBe(200);
    expect(res.body.product).toMatchObject({
      _id: sample,
      dimensions: { length: 21, width: 14.8, height: 1.5 },
      weight: 300,
      turnaroundTime: '5-7 business days',
    });
    expect(res.body.product.description).toContain(BRAND_STORY.jaksh);
    expect(res.body.product.images).toHaveLength(3);
    expect(res.body.product.tags.length).toBeGreaterThan(0);
    expect(res.body.product.customizationOptions.length).toBeGreaterThan(0);
    expect(res.body.product).toHaveProperty('createdAt');
  });
});

describe('catalog read path: compressed and revalidated replies', () => {
  let backend: Backend;
  const admin = adminToken();

  beforeAll(async () => {
    backend = await startBackend({
      services: ['catalog'],
      storefront: true,
      env: { RATE_LIMIT_PER_MINUTE: '100000' },
    });
    const http = api(backend.url);
    for (let i = 0; i < 12; i++) {
      const res = await http.post(
        '/admin2009/products',
        {
          name: `Printed Lanyard ${i}`,
          brand: 'ms',
          category: 'Lanyards',
          price: 40 + i,
          stock: 50,
          description: 'x',
        },
        admin,
      );
      expect(res.status).toBe(201);
    }
  });
  afterAll(() => backend?.stop());

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ])('compresses a list over 1 KB with %s when the client accepts it', async (encoding, decode) => {
    const res = await rawGet(`${backend.url}/api/products`, { 'accept-encoding': encoding });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers.vary).toContain('accept-encoding');
    const json = decode(res.body);
    expect(json.length).toBeGreaterThan(1024);
    expect(res.body.length).toBeLessThan(json.length);
    expect(JSON.parse(json.toString()).products).toHaveLength(12);
  });

  it('sends the list as it is to a client that accepts no encoding', async () => {
    const res = await rawGet(`${backend.url}/api/products`);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString()).products).toHaveLength(12);
  });

  it('gives a list a strong ETag and a short public Cache-Control, and answers If-None-Match with 304 and no body', async () => {
    const first = await rawGet(`${backend.url}/api/products?sort=price-asc`, { 'accept-encoding': 'br' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    const again = await rawGet(`${backend.url}/api/products?sort=price-asc`, {
      'accept-encoding': 'br',
      'if-none-match': etag,
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    const other = await rawGet(`${backend.url}/api/products?sort=price-desc`, { 'if-none-match': etag });
    expect(other.status).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
  });

  it('gives the search dropdown an ETag too', async () => {
    const res = await rawGet(`${backend.url}/api/products/search?q=lanyard`);
    expect(res.status).toBe(200);
    expect(res.headers.etag).toMatch(/^"[^"]+"$/);
    const again = await rawGet(`${backend.url}/api/products/search?q=lanyard`, {
      'if-none-match': res.headers.etag as string,
    });
    expect(again.status).toBe(304);
  });

  it('compresses other JSON over 1 KB too (the product page)', async () => {
    const id = JSON.parse((await rawGet(`${backend.url}/api/products?limit=1`)).body.toString()).products[0]
      ._id;
    await api(backend.url).patch(
      `/admin2009/products/${id}`,
      { description: 'Soft polyester. '.repeat(100) },
      admin,
    );
    const res = await rawGet(`${backend.url}/api/products/${id}`, { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.body).toString()).product._id).toBe(id);
  });

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ])(
    'compresses JSON over 1 KB it does not keep (the back office product list) with %s',
    async (encoding, decode) => {
      const res = await rawGet(`${backend.url}/api/admin2009/products`, {
        'accept-encoding': encoding,
        authorization: `Bearer ${admin}`,
      });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toContain('accept-encoding');
      expect(JSON.parse(decode(res.body).toString()).products.length).toBeGreaterThan(0);
    },
  );

  it("serves the built storefront's JavaScript from its precompressed file, through the gateway as npm start serves it", async () => {
    const home = (await rawGet(`${backend.url}/`, { accept: 'text/html' })).body.toString();
    const entry =
      home.match(/<script[^>]+src="(\/assets\/[^"]+\.js)"/)?.[1] ??
      home.match(/import\("(\/assets\/[^"]+\.js)"\)/)![1];
    for (const [encoding, ext] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ]) {
      const res = await rawGet(`${backend.url}${entry}`, { 'accept-encoding': encoding });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toContain('javascript');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.body.equals(readFileSync(join(WEB_STORE_CLIENT, `${entry}${ext}`)))).toBe(true);
    }
  });
});
