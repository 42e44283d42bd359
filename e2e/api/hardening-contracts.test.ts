import { randomUUID } from 'node:crypto';
import { SERVICES } from '@shop/proto';
import { Backend, startBackend, TEST_ADMIN } from '../harness/backend';
import { api, ApiResponse } from '../harness/http';

/**
 * Issue 12's requests that broke a service or answered 500 through a number, a date or a nesting
 * the contracts did not bound: each now gets a 400 with a clear message within 2 s, and the shop
 * stays healthy.
 */

jest.setTimeout(120_000);

const WITHIN_MS = 2_000;
const OUT_OF_RANGE = 'Dates must be between 2000-01-01 and 2999-12-31';
const BODY_TOO_DEEP = 'The request body may be nested at most 32 levels deep';
const CUSTOMIZATION_TOO_DEEP = 'A customization may be nested at most 8 levels deep';

/** A customization whose one option is nested `depth` arrays deep (200,000 deep is 400 kB of JSON). */
const deepCustomization = (depth: number) =>
  `{"dynamicCustomizations":{"engraving":${'['.repeat(depth)}${']'.repeat(depth)}}}`;

describe('bounded contracts (issue 12)', () => {
  let backend: Backend;
  let http: ReturnType<typeof api>;
  let admin: string;
  let customer: string;

  /** Sends one request and checks it was refused with `message` within 2 s. */
  const refused = async (send: () => Promise<ApiResponse>, message: string) => {
    const started = Date.now();
    const res = await send();
    expect({ status: res.status, message: res.body?.message }).toEqual({ status: 400, message });
    expect(res.body).toMatchObject({ success: false, status: 400 });
    expect(Array.isArray(res.body.errors)).toBe(true);
    expect(Date.now() - started).toBeLessThan(WITHIN_MS);
  };

  const expectHealthy = async () => {
    const res = await http.get('/health');
    expect(res.status).toBe(200);
    for (const service of SERVICES) expect(res.body.services[service].status).toBe('up');
  };

  const rawPost = async (path: string, body: string, token: string): Promise<ApiResponse> => {
    const res = await fetch(`${backend.url}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body,
    });
    return { status: res.status, body: await res.json(), headers: res.headers };
  };

  beforeAll(async () => {
    backend = await startBackend();
    http = api(backend.url);
    admin = (await http.post('/admin2009/login', TEST_ADMIN)).body.token;
    const suffix = randomUUID().slice(0, 8);
    customer = (
      await http.post('/auth/register', { username: `bounds_${suffix}`, email: `bounds_${suffix}@example.com`, password: 'Bounds@123' })
    ).body.token;
    expect(admin).toBeTruthy();
    expect(customer).toBeTruthy();
  });
  afterAll(() => backend?.stop());

  it('refuses a custom report period at the end of year 9999 at once, on /reports, /reports/sales and the CSV', async () => {
    for (const path of ['/admin2009/reports', '/admin2009/reports/sales', '/admin2009/reports/export.csv']) {
      await refused(() => http.get(`${path}?period=custom&from=9999-12-30&to=9999-12-31`, admin), OUT_OF_RANGE);
    }
    await expectHealthy();
  });

  it('refuses a page past the last one, and prices that are not finite rupees, on the product lists and orders', async () => {
    await refused(() => http.get('/products?page=1e300'), 'Page must be at most 10000');
    await refused(() => http.get('/products?minPrice=1e308'), 'minPrice must be a number from 0 to 10000000');
    await refused(() => http.get('/products?maxPrice=1e400'), 'maxPrice must be a number from 0 to 10000000');
    await refused(() => http.get('/admin2009/products?page=1e300', admin), 'Page must be at most 10000');
    await refused(() => http.get('/admin2009/orders?page=1e300', admin), 'Page must be at most 10000');
    // The back office's lists have no price filter: the parameter is ignored, not a 500.
    for (const path of ['/admin2009/products', '/admin2009/orders']) {
      const res = await http.get(`${path}?minPrice=1e308&maxPrice=1e400`, admin);
      expect(res.status).toBe(200);
    }
    await expectHealthy();
  });

  it('refuses the year 1 as an order filter and as a custom report period, CSVs included', async () => {
    await refused(() => http.get('/admin2009/orders?from=0001-01-01', admin), OUT_OF_RANGE);
    await refused(() => http.get('/admin2009/orders/export.csv?from=0001-01-01', admin), OUT_OF_RANGE);
    for (const path of ['/admin2009/reports', '/admin2009/reports/export.csv']) {
      await refused(() => http.get(`${path}?period=custom&from=0001-01-01&to=0001-01-02`, admin), OUT_OF_RANGE);
    }
    await expectHealthy();
  });

  it('refuses a customization nested 200,000 deep on POST /cart and /orders/quote', async () => {
    const productId = randomUUID();
    const cartLine = (depth: number) => `{"productId":"${productId}","quantity":1,"customization":${deepCustomization(depth)}}`;
    const quote = (depth: number) => `{"products":[{"product":"${productId}","quantity":1,"customization":${deepCustomization(depth)}}]}`;
    // The gateway measures every body before anything walks it; the schema holds customizations to less.
    await refused(() => rawPost('/cart', cartLine(200_000), customer), BODY_TOO_DEEP);
    await refused(() => rawPost('/orders/quote', quote(200_000), customer), BODY_TOO_DEEP);
    await refused(() => rawPost('/cart', cartLine(10), customer), CUSTOMIZATION_TOO_DEEP);
    await refused(() => rawPost('/orders/quote', quote(10), customer), CUSTOMIZATION_TOO_DEEP);
    await expectHealthy();
  });

  it('refuses a javascript: profile picture link', async () => {
    await refused(
      () => http.put('/auth/me', { profilePic: 'javascript:alert(document.cookie)' }, customer),
      'Profile picture must be an http or https link',
    );
    expect((await http.get('/auth/me', customer)).body.user?.profilePic ?? null).toBeNull();
    await expectHealthy();
  });

  it('refuses an admin price of 0.001 instead of saving it as 0', async () => {
    const product = { name: 'Paisa Pen', description: 'A pen priced too finely', category: 'Pens', price: 0.001, stock: 5 };
    await refused(() => http.post('/admin2009/products', product, admin), 'Prices can have at most 2 decimal places');
    const created = await http.post('/admin2009/products', { ...product, price: 12.5 }, admin);
    expect(created.status).toBe(201);
    await refused(
      () => http.patch(`/admin2009/products/${created.body.product._id}`, { price: 0.001 }, admin),
      'Prices can have at most 2 decimal places',
    );
    expect((await http.get(`/products/${created.body.product._id}`)).body.product.price).toBe(12.5);
    await expectHealthy();
  });
});
