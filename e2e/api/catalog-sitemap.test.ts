import { ProductSitemapReply, ProductView, SITEMAP_PAGE_SIZE } from '@shop/proto';
import { Backend, startBackend } from '../harness/backend';
import { api } from '../harness/http';
import { adminToken, productPayload } from './catalog-support';

jest.setTimeout(60_000);

const time = (iso: string | null) => (iso === null ? null : new Date(iso).getTime());

describe('GET /products/sitemap: what the storefront’s sitemap lists of the catalog', () => {
  let backend: Backend;
  let http: ReturnType<typeof api>;
  const admin = adminToken();
  const made: ProductView[] = [];

  const create = async (overrides: Record<string, unknown>) => {
    const res = await http.post('/admin2009/products', productPayload(overrides), admin);
    expect(res.status).toBe(201);
    return res.body.product as ProductView;
  };
  const sitemap = async (query = '') => {
    const res = await http.get<ProductSitemapReply>(`/products/sitemap${query}`);
    expect(res.status).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    backend = await startBackend({ services: ['catalog'], env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    http = api(backend.url);
    made.push(await create({ name: 'Kraft Roll Labels', brand: 'ms', category: 'Labels' }));
    made.push(await create({ name: 'Vinyl Laptop Stickers', brand: 'ms', category: 'Stickers' }));
    made.push(await create({ name: 'Leather Diary', brand: 'jaksh', category: 'Stationery' }));
    made.push(await create({ name: 'Bamboo Pen', brand: 'jaksh', category: 'stationery' }));
    made.push(await create({ name: 'Festive Hamper', brand: 'jaksh', category: 'Gifts' }));
  });
  afterAll(() => backend?.stop());

  it('answers every live product’s id and last change in id order, the brands, the categories and the total, without a session', async () => {
    const body = await sitemap();
    expect(body).toMatchObject({ success: true, page: 1, limit: SITEMAP_PAGE_SIZE, total: made.length });
    expect(body.products).toEqual(
      [...made]
        .sort((a, b) => (a._id < b._id ? -1 : 1))
        .map((p) => ({ _id: p._id, updatedAt: expect.any(String) })),
    );
    for (const product of made)
      expect(time(body.products.find((p) => p._id === product._id)!.updatedAt)).toBe(time(product.updatedAt));
    expect(body.brands.map((b) => b.brand)).toEqual(['ms', 'jaksh']);
    expect(time(body.brands[0].updatedAt)).toBe(time(made[1].updatedAt));
    expect(time(body.brands[1].updatedAt)).toBe(time(made[4].updatedAt));
    // Categories are one page whatever their letters' case, as the list's category filter reads them.
    expect(body.categories.map((c) => c.category.toLowerCase())).toEqual([
      'gifts',
      'labels',
      'stationery',
      'stickers',
    ]);
    expect(time(body.categories.find((c) => c.category.toLowerCase() === 'stationery')!.updatedAt)).toBe(
      time(made[3].updatedAt),
    );
  });

  it('pages through the products in id order, a page at a time', async () => {
    const ids = (await sitemap()).products.map((p) => p._id);
    const first = await sitemap('?limit=2');
    const third = await sitemap('?page=3&limit=2');
    const past = await sitemap('?page=4&limit=2');
    expect(first).toMatchObject({ page: 1, limit: 2, total: made.length });
    expect(first.products.map((p) => p._id)).toEqual(ids.slice(0, 2));
    expect(third.products.map((p) => p._id)).toEqual(ids.slice(4));
    expect(past).toMatchObject({ page: 4, total: made.length, products: [] });
  });

  it(`serves at most ${SITEMAP_PAGE_SIZE} products a page, whatever limit is asked`, async () => {
    expect((await sitemap('?limit=1000000')).limit).toBe(SITEMAP_PAGE_SIZE);
  });

  it.each([
    ['0', 'Page must be a whole number of 1 or more'],
    ['-1', 'Page must be a whole number of 1 or more'],
    ['two', 'Page must be a whole number of 1 or more'],
    ['1.5', 'Page must be a whole number of 1 or more'],
    ['10001', 'Page must be at most 10000'],
    ['1e300', 'Page must be at most 10000'],
  ])('refuses page=%s with 400 %p', async (page, message) => {
    const res = await http.get(`/products/sitemap?page=${page}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, status: 400, message });
  });

  it('is kept like the lists: public for two seconds, with an ETag answered by 304', async () => {
    const first = await fetch(`${backend.url}/api/products/sitemap?page=1`);
    expect(first.headers.get('cache-control')).toBe('public, max-age=2');
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await fetch(`${backend.url}/api/products/sitemap?page=1`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
  });

  it('leaves a deleted product out at once, and dates its brand’s and its category’s lists by the deletion', async () => {
    const before = await sitemap();
    const gone = made[2];
    expect((await http.delete(`/admin2009/products/${gone._id}`, admin)).status).toBe(200);
    const after = await sitemap();
    expect(after.total).toBe(made.length - 1);
    expect(after.products.map((p) => p._id)).not.toContain(gone._id);
    const jaksh = (reply: ProductSitemapReply) =>
      time(reply.brands.find((b) => b.brand === 'jaksh')!.updatedAt)!;
    const stationery = (reply: ProductSitemapReply) =>
      time(reply.categories.find((c) => c.category.toLowerCase() === 'stationery')!.updatedAt)!;
    expect(jaksh(after)).toBeGreaterThan(jaksh(before));
    expect(stationery(after)).toBeGreaterThan(stationery(before));
    // The last product of a category gone, the category is no longer listed.
    expect((await http.delete(`/admin2009/products/${made[4]._id}`, admin)).status).toBe(200);
    expect((await sitemap()).categories.map((c) => c.category.toLowerCase())).toEqual([
      'labels',
      'stationery',
      'stickers',
    ]);
  });
});
