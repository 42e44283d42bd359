import { RpcClient } from '@shop/kit';
import { ProductListReply, RPC } from '@shop/proto';
import { Backend, startBackend } from '../harness/backend';
import { amqpUrl } from '../harness/broker';
import { api } from '../harness/http';
import { adminToken, eventually } from './catalog-support';

jest.setTimeout(180_000);

/**
 * Names that sort differently by bytes than by a locale, or tie once lower-cased, prices that tie,
 * categories in several cases: what a copy of the list must order and filter as the catalog does.
 */
const NAMES = [
  'apple Notebook',
  'Apple notebook',
  'Zebra Lanyard',
  'éclair Diary',
  'Eclair Diary',
  'Ärmel Mug',
  '🎁 Gift Box',
  'gift box',
  'Gift-Box',
  'Giftbox',
  'ID Card Holder',
  'id card holder',
  'Ōcean Bottle',
  '0 Zero Pen',
  ' Spaced Out',
  'Zz Last',
];
const PRICES = [99, 149.5, 149.5, 250, 250, 250, 1000, 5000];
const CATEGORIES = ['Diaries', 'diaries', 'Lanyards', 'Bottles', 'Gifting'];

/** Every filter and sort the list offers, with small pages so cursors and pages are walked. */
function queries(): Record<string, string>[] {
  const sorts = ['name-asc', 'name-desc', 'price-asc', 'price-desc', 'newest'];
  const filters: Record<string, string>[] = [
    {},
    { brand: 'ms' },
    { brand: 'JAKSH' },
    { category: 'diaries' },
    { category: 'DIARIES', brand: 'ms' },
    { category: 'Unknown' },
    { minPrice: '149.5' },
    { maxPrice: '250' },
    { minPrice: '150', maxPrice: '1000' },
    { minRating: '3' },
    { minRating: '4.5', brand: 'jaksh' },
    { category: 'all', brand: 'all' },
  ];
  return sorts.flatMap((sort) =>
    filters.flatMap((filter) => [
      { ...filter, sort, limit: '5' },
      { ...filter, sort, limit: '5', page: '2' },
      { ...filter, sort, limit: '4', page: '4' },
      { ...filter, sort, limit: '50', page: '9' },
    ]),
  );
}

const pathOf = (query: Record<string, string>) => `/products?${new URLSearchParams(query)}`;

describe("the gateway's copy of the product list", () => {
  let backend: Backend;
  let http: ReturnType<typeof api>;
  let rpc: RpcClient;
  const admin = adminToken();
  const made: string[] = [];

  beforeAll(async () => {
    backend = await startBackend({ services: ['catalog'], env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    http = api(backend.url);
    rpc = new RpcClient({ AMQP_URL: amqpUrl(), BUS_NAMESPACE: backend.namespace, RPC_TIMEOUT_MS: 10_000 });
    for (const [i, name] of NAMES.entries()) {
      const res = await http.post(
        '/admin2009/products',
        {
          name,
          brand: i % 3 === 0 ? 'jaksh' : 'ms',
          category: CATEGORIES[i % CATEGORIES.length],
          price: PRICES[i % PRICES.length],
          originalPrice: i % 4 === 0 ? PRICES[i % PRICES.length] * 2 : null,
          stock: 10 + i,
          description: `${name}, made to order for the list copy test.`,
          images: [`/uploads/products/list-copy-${i}-web.webp`],
          isNew: i % 2 === 0,
          isBestSeller: i % 5 === 0,
        },
        admin,
      );
      expect(res.status).toBe(201);
      made.push(res.body.product._id);
    }
    for (const [i, productId] of made.slice(0, 8).entries()) {
      const res = await http.post(
        '/reviews/admin',
        {
          productId,
          reviewerName: `Reviewer ${i}`,
          reviewerEmail: `reviewer${i}@example.com`,
          rating: 1 + (i % 5),
          comment: 'A review long enough to be kept by the catalog.',
        },
        admin,
      );
      expect(res.status).toBe(201);
    }
    expect((await http.delete(`/admin2009/products/${made[5]}`, admin)).status).toBe(200);
  });
  afterAll(async () => {
    await rpc?.onApplicationShutdown();
    await backend?.stop();
  });

  const fromCatalog = (query: Record<string, string>) => rpc.call<ProductListReply>(RPC.catalog.productList, query);

  /** Waits until changes made through the gateway have settled, so the copy answers. */
  const settled = () => new Promise((r) => setTimeout(r, 2_500));

  /** The products the gateway's copy holds, from its metric (0 while it is not loaded). */
  const copied = async () =>
    Number(/^shop_gateway_product_list_products\{[^}]*\} (\S+)$/m.exec(await (await fetch(`${backend.url}/metrics`)).text())?.[1]);

  it('answers every filter, sort and page as the catalog does, with the same totals', async () => {
    await settled();
    expect(await eventually(copied, (n) => n === NAMES.length - 1)).toBe(NAMES.length - 1);
    for (const query of queries()) {
      const [copy, catalog] = [await http.get(pathOf(query)), await fromCatalog(query)];
      expect(copy.status).toBe(200);
      const { nextCursor: copyCursor, ...copied } = copy.body;
      const { nextCursor: catalogCursor, ...asked } = catalog;
      expect({ query, ...copied }).toEqual({ query, ...asked });
      expect(copyCursor === null).toBe(catalogCursor === null);
    }
  });

  it('continues an infinite scroll with either side’s cursor, to the same last page', async () => {
    for (const sort of ['name-asc', 'name-desc', 'price-asc', 'price-desc', 'newest']) {
      let cursor: string | null = null;
      const walked: string[] = [];
      do {
        const query: Record<string, string> = { sort, limit: '3', ...(cursor ? { cursor } : {}) };
        const copy = await http.get(pathOf(query));
        const catalog = await fromCatalog(query);
        expect(copy.body.products).toEqual(catalog.products);
        walked.push(...copy.body.products.map((p: { _id: string }) => p._id));
        // Alternate whose cursor goes on, so each side reads the other's.
        cursor = walked.length % 2 ? copy.body.nextCursor : catalog.nextCursor;
      } while (cursor);
      expect(walked).toHaveLength(NAMES.length - 1);
      expect(new Set(walked).size).toBe(NAMES.length - 1);
    }
  });

  it('shows a change made elsewhere (stock, price, a new product) once its event arrives', async () => {
    // An event published by the catalog with a higher version, as an order taking stock would cause.
    const before = await http.get(pathOf({ sort: 'price-asc', limit: '50' }));
    const updated = await http.patch(`/admin2009/products/${made[1]}`, { price: 1, stock: 3 }, admin);
    expect(updated.status).toBe(200);
    await settled();
    const after = await eventually(
      () => http.get(pathOf({ sort: 'price-asc', limit: '50' })),
      (res) => res.body.products[0]?._id === made[1],
    );
    expect(after.body.products[0]).toMatchObject({ _id: made[1], price: 1, stock: 3 });
    expect(after.body.total).toBe(before.body.total);
    expect(after.body).toEqual(await fromCatalog({ sort: 'price-asc', limit: '50' }));
  });

  it('reads the list right after a change through this gateway from the catalog, so it shows at once', async () => {
    const res = await http.patch(`/admin2009/products/${made[2]}`, { price: 2 }, admin);
    expect(res.status).toBe(200);
    const list = await http.get(pathOf({ sort: 'price-asc', limit: '50', minPrice: '2', maxPrice: '2' }));
    expect(list.body.products.map((p: { _id: string }) => p._id)).toEqual([made[2]]);
  });

  it('keeps answering lists from the copy while the catalog is down, and leaves search to the catalog', async () => {
    await settled();
    const query = { sort: 'name-asc', limit: '7', minPrice: '3' };
    const expected = await fromCatalog(query);
    await backend.kill('catalog');
    try {
      const res = await http.get(pathOf(query));
      expect(res.status).toBe(200);
      expect(res.body).toEqual(expected);
      const search = await http.get('/products?search=diary');
      expect(search.status).toBeGreaterThanOrEqual(500);
    } finally {
      await backend.restart('catalog');
    }
  });
});
