import { fetchProduct, fetchProductPage } from '../api/products';
import { toProductQuery, readFilters } from '../pages/products/filters';
import { makeProduct } from '../test/fixtures';
import { mockApi } from '../test/mockApi';
import { HERO } from '../content/home';
import { dismissFirstLook, FIRST_LOOK_ID } from './firstLook';
import { FIRST_LOOK_WAIT_MS, firstScreenPlan, startFirstScreen, type FirstScreenPlan } from './firstScreen';

const picture = (n: number) => `/uploads/products/${n.toString(16).padStart(16, '0')}-1200.webp`;

const pathOf = (plan: FirstScreenPlan | undefined) => (plan && 'path' in plan ? plan.path : undefined);

const appScript = () => document.head.querySelector('script[type="module"]');

function answer(status: number, body: unknown) {
  const fetch = vi.fn(async () => Response.json(body, { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe("a page's first screen, started before the app", () => {
  // jsdom loads no pictures: here every picture is in as soon as it is asked for.
  beforeEach(() => vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(true));
  afterEach(() => {
    document.head.querySelectorAll('link, script').forEach((node) => node.remove());
    dismissFirstLook();
    vi.useRealTimers();
  });

  it('asks for the page the address names, with the filters the list page will ask for', () => {
    expect(firstScreenPlan('/product/5f0c', '')).toMatchObject({
      page: 'product',
      id: '5f0c',
      path: '/products/5f0c',
    });
    expect(pathOf(firstScreenPlan('/products/ms', '?search=%20mug&minPrice=100&sort=bogus'))).toBe(
      '/products?limit=24&page=1&brand=ms&search=mug&minPrice=100&sort=name-asc',
    );
    expect(pathOf(firstScreenPlan('/products', ''))).toBe('/products?limit=24&page=1&sort=name-asc');
  });

  it("has none for a page other than home and the catalog's, an unknown brand or an address it cannot read", () => {
    for (const pathname of ['/cart', '/products/acme', '/product/%E0%A4', '/product/a/b'])
      expect(firstScreenPlan(pathname, '')).toBeUndefined();
  });

  it("paints home's from the app's own words, asking the catalog nothing", async () => {
    const fetch = answer(200, {});
    startFirstScreen({ pathname: '/', search: '' }, { app: ['/assets/index-1.js'] });
    expect(document.getElementById(FIRST_LOOK_ID)).toHaveTextContent(HERO.title);
    await vi.waitFor(() => expect(appScript()).toHaveAttribute('src', '/assets/index-1.js'));
    expect(fetch).not.toHaveBeenCalled();
  });

  it("hands its answer to the app's own request for the same list, which then asks the server nothing", async () => {
    const products = [makeProduct(1, { images: [picture(1)] })];
    const fetch = answer(200, { success: true, products, total: 1, page: 1, limit: 24, hasMore: false });
    const api = mockApi({});
    startFirstScreen({ pathname: '/products/ms', search: '?search=mug' });
    expect(fetch).toHaveBeenCalledWith('/api/products?limit=24&page=1&brand=ms&search=mug&sort=name-asc', {
      headers: { Accept: 'application/json' },
    });
    const query = toProductQuery(readFilters(new URLSearchParams('?search=mug'), 'ms'));
    const page = await fetchProductPage(query, { page: 1 });
    expect(page.products).toEqual(products);
    expect(api.requests).toHaveLength(0);
  });

  it('is taken once: the next request for the same product goes to the server', async () => {
    const mug = makeProduct(1);
    answer(200, { success: true, product: mug });
    const api = mockApi({ [`GET /products/${mug._id}`]: () => ({ data: { success: true, product: mug } }) });
    startFirstScreen({ pathname: `/product/${mug._id}`, search: '' });
    expect(await fetchProduct(mug._id)).toEqual(mug);
    expect(api.requests).toHaveLength(0);
    expect(await fetchProduct(mug._id)).toEqual(mug);
    expect(api.calls(`GET /products/${mug._id}`)).toHaveLength(1);
  });

  it('leaves a failed answer to the app, which asks again and shows the failure its own way', async () => {
    answer(503, { success: false, message: 'Service unavailable' });
    const api = mockApi({
      'GET /products/x1': () => ({ status: 404, data: { message: 'Product not found' } }),
    });
    startFirstScreen({ pathname: '/product/x1', search: '' });
    await expect(fetchProduct('x1')).rejects.toMatchObject({ status: 404, message: 'Product not found' });
    expect(api.calls('GET /products/x1')).toHaveLength(1);
    expect(document.head.querySelector('link[rel="preload"]')).toBeNull();
  });

  it("starts the app's script once the product's first look is on screen, with the page's scripts, and only that page's", async () => {
    answer(200, { success: true, product: makeProduct(1, { name: 'Steel Mug', images: [picture(1)] }) });
    startFirstScreen(
      { pathname: '/product/p1', search: '' },
      {
        app: ['/assets/index-1.js', '/assets/vendor-2.js'],
        pages: {
          product: [
            '/assets/ProductDetailPage-1.js',
            '/assets/ProductDetailPage-1.css',
            '/assets/ProductCard-2.js',
          ],
          products: ['/assets/ProductsPage-3.js'],
        },
      },
    );
    // The page's stylesheet at once, as its look is drawn in its classes; no script yet.
    const sheet = document.head.querySelector('link[rel="stylesheet"]');
    expect(sheet).toHaveAttribute('href', '/assets/ProductDetailPage-1.css');
    expect(appScript()).toBeNull();
    sheet?.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(appScript()).toHaveAttribute('src', '/assets/index-1.js'));
    expect(document.getElementById(FIRST_LOOK_ID)?.querySelector('h1')).toHaveTextContent('Steel Mug');
    const links = [...document.head.querySelectorAll('link[rel="modulepreload"]')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/assets/vendor-2.js',
      '/assets/ProductDetailPage-1.js',
      '/assets/ProductCard-2.js',
    ]);
  });

  it('starts the app at once for a page without a first look', () => {
    const fetch = answer(200, {});
    startFirstScreen({ pathname: '/cart', search: '' }, { app: ['/assets/index-1.js'] });
    expect(appScript()).toHaveAttribute('src', '/assets/index-1.js');
    expect(fetch).not.toHaveBeenCalled();
  });

  it("starts the app without a look when the catalog's answer failed", async () => {
    answer(503, { success: false, message: 'Service unavailable' });
    startFirstScreen({ pathname: '/products', search: '' }, { app: ['/assets/index-1.js'] });
    await vi.waitFor(() => expect(appScript()).not.toBeNull());
    expect(document.getElementById(FIRST_LOOK_ID)).toBeNull();
  });

  it(`starts the app after ${FIRST_LOOK_WAIT_MS / 1000} s without a look when the catalog is slower`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    startFirstScreen({ pathname: '/products', search: '' }, { app: ['/assets/index-1.js'] });
    vi.advanceTimersByTime(FIRST_LOOK_WAIT_MS - 1);
    expect(appScript()).toBeNull();
    vi.advanceTimersByTime(1);
    expect(appScript()).not.toBeNull();
    expect(document.getElementById(FIRST_LOOK_ID)).toBeNull();
  });
});
