import { fetchProduct, fetchProductPage } from '../api/products';
import { toProductQuery, readFilters } from '../pages/products/filters';
import { makeProduct } from '../test/fixtures';
import { mockApi } from '../test/mockApi';
import { firstScreenPlan, startFirstScreen } from './firstScreen';

const picture = (n: number) => `/uploads/products/${n.toString(16).padStart(16, '0')}-1200.webp`;

function answer(status: number, body: unknown) {
  const fetch = vi.fn(async () => Response.json(body, { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe("a catalog page's first screen, started before the app", () => {
  afterEach(() => document.head.querySelectorAll('link').forEach((link) => link.remove()));

  it('asks for the page the address names, with the filters the list page will ask for', () => {
    expect(firstScreenPlan('/product/5f0c', '')).toMatchObject({
      page: 'product',
      id: '5f0c',
      path: '/products/5f0c',
    });
    expect(firstScreenPlan('/products/ms', '?search=%20mug&minPrice=100&sort=bogus')?.path).toBe(
      '/products?limit=24&page=1&brand=ms&search=mug&minPrice=100&sort=name-asc',
    );
    expect(firstScreenPlan('/products', '')?.path).toBe('/products?limit=24&page=1&sort=name-asc');
  });

  it('starts nothing for a page without a catalog first screen, an unknown brand or an address it cannot read', () => {
    for (const pathname of ['/', '/cart', '/products/acme', '/product/%E0%A4', '/product/a/b'])
      expect(firstScreenPlan(pathname, '')).toBeUndefined();
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

  it("starts the page's scripts the build named, and only that page's", () => {
    answer(200, { success: true, product: makeProduct(1) });
    startFirstScreen(
      { pathname: '/product/p1', search: '' },
      {
        product: ['/assets/ProductDetailPage-1.js', '/assets/ProductCard-2.js'],
        products: ['/assets/ProductsPage-3.js'],
      },
    );
    const links = [...document.head.querySelectorAll('link[rel="modulepreload"]')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/assets/ProductDetailPage-1.js',
      '/assets/ProductCard-2.js',
    ]);
  });
});
