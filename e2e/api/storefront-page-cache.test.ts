import { brotliDecompressSync } from 'node:zlib';
import { Backend, startBackend } from '../harness/backend';
import { api, rawGet } from '../harness/http';
import { adminToken, eventually } from './back-office-support';

jest.setTimeout(120_000);

const PRICE_TAG = (price: number) => `<meta property="product:price:amount" content="${price.toFixed(2)}"/>`;

/**
 * The storefront's pages as the gateway sends them in a one-URL run (npm start): rendered once by
 * the storefront's server and kept as bytes, until the catalog or the settings change.
 */
describe("the storefront's pages kept by the gateway", () => {
  let backend: Backend;
  let http: ReturnType<typeof api>;
  const admin = adminToken();
  let productId: string;

  const page = async (path: string) =>
    (await rawGet(`${backend.url}${path}`, { accept: 'text/html' })).body.toString();

  beforeAll(async () => {
    backend = await startBackend({ services: ['catalog', 'admin-reporting'], storefront: true });
    http = api(backend.url);
    const res = await http.post(
      '/admin2009/products',
      {
        name: 'Embossed Visiting Card Holder',
        brand: 'ms',
        category: 'Stationery',
        price: 777,
        stock: 30,
        description: 'A brushed steel holder for twenty cards, embossed with your logo.',
      },
      admin,
    );
    expect(res.status).toBe(201);
    productId = res.body.product._id;
  });
  afterAll(() => backend?.stop());

  it('sends a page again as the same bytes: the same ETag, 304 to a browser that holds it, compressed as it accepts', async () => {
    const first = await rawGet(`${backend.url}/product/${productId}`, {
      accept: 'text/html',
      'accept-encoding': 'br',
    });
    const again = await rawGet(`${backend.url}/product/${productId}`, {
      accept: 'text/html',
      'accept-encoding': 'br',
    });
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.etag).toBeDefined();
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.body.equals(first.body)).toBe(true);
    expect(brotliDecompressSync(first.body).toString()).toContain(PRICE_TAG(777));

    const revalidated = await rawGet(`${backend.url}/product/${productId}`, {
      accept: 'text/html',
      'if-none-match': String(first.headers.etag),
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
  });

  it('shows a price saved in the back office on the next load of the product page and of its list', async () => {
    expect(await page(`/product/${productId}`)).toContain(PRICE_TAG(777));
    expect(await page('/products?category=Stationery')).toContain('777');
    const res = await http.patch(`/admin2009/products/${productId}`, { price: 888 }, admin);
    expect(res.status).toBe(200);
    expect(await page(`/product/${productId}`)).toContain(PRICE_TAG(888));
    const list = await page('/products?category=Stationery');
    expect(list).toContain('888');
    expect(list).not.toContain('777');
  });

  it('shows a business name saved in Settings on the next page once the change has reached the gateway', async () => {
    expect(await page('/terms')).not.toContain('Kaveri Labels and Gifts');
    const res = await http.patch('/admin2009/settings', { businessName: 'Kaveri Labels and Gifts' }, admin);
    expect(res.status).toBe(200);
    await eventually(
      () => http.get('/settings/public'),
      (r) => r.body?.settings?.businessName === 'Kaveri Labels and Gifts',
      'the gateway to hold the new settings',
    );
    expect(await page('/terms')).toContain('Kaveri Labels and Gifts');
  });

  it('never keeps a page that is not there: a product deleted answers 404 at once', async () => {
    expect((await rawGet(`${backend.url}/product/${productId}`)).status).toBe(200);
    expect((await http.delete(`/admin2009/products/${productId}`, admin)).status).toBe(200);
    expect((await rawGet(`${backend.url}/product/${productId}`, { accept: 'text/html' })).status).toBe(404);
  });
});
