import type { LoaderFunctionArgs, MetaArgs } from 'react-router';
import { makeProduct, uuid } from '../test/fixtures';
import { mockApi } from '../test/mockApi';
import * as product from './product';
import * as products from './products';
import * as unknown from './unknown';

const args = (url: string, params: Record<string, string> = {}) =>
  ({ request: new Request(`http://shop.test${url}`), params, context: {} }) as unknown as LoaderFunctionArgs;

/** What a loader threw: a redirect or an error status (`data()`), as React Router reads it. */
async function thrown(run: () => unknown): Promise<{ status?: number; location?: string | null }> {
  try {
    await run();
  } catch (error) {
    if (error instanceof Response) return { status: error.status, location: error.headers.get('Location') };
    const init = (error as { init?: ResponseInit }).init;
    return { status: init?.status };
  }
  throw new Error('the loader did not throw');
}

const listTitle = (url: string, params: Record<string, string> = {}) => {
  const location = new URL(`http://shop.test${url}`);
  const meta = products.meta({
    data: { list: null },
    matches: [],
    params,
    location: { pathname: location.pathname, search: location.search },
  } as unknown as MetaArgs<typeof products.loader>);
  const title = meta.find((tag) => 'title' in tag);
  return title && 'title' in title ? title.title : undefined;
};

describe('the product page on the server', () => {
  it('reads the product for the page', async () => {
    const mug = makeProduct(1);
    mockApi({ [`GET /products/${mug._id}`]: () => ({ data: { success: true, product: mug } }) });
    expect(await product.loader(args(`/product/${mug._id}`, { id: mug._id }))).toEqual({ product: mug });
  });

  it('answers 404 for a product that does not exist, or was deleted', async () => {
    mockApi({
      [`GET /products/${uuid(9)}`]: () => ({ status: 404, data: { message: 'Product not found' } }),
    });
    expect(await thrown(() => product.loader(args(`/product/${uuid(9)}`, { id: uuid(9) })))).toEqual({
      status: 404,
    });
  });

  it('still renders the page when the catalog cannot be read, for the browser to ask again', async () => {
    mockApi({ [`GET /products/${uuid(2)}`]: () => ({ status: 503, data: {} }) });
    expect(await product.loader(args(`/product/${uuid(2)}`, { id: uuid(2) }))).toEqual({ product: null });
  });
});

describe('the product lists on the server', () => {
  it('read the page of the list the address names, with its brand, filters and page', async () => {
    const reply = {
      success: true,
      products: [makeProduct(1)],
      total: 30,
      page: 2,
      limit: 24,
      hasMore: false,
    };
    const api = mockApi({ 'GET /products': () => ({ data: reply }) });
    const loaded = await products.loader(
      args('/products/jaksh?category=Stationery&search=diary&sort=price-asc&minPrice=100&page=2', {
        brand: 'jaksh',
      }),
    );
    expect(loaded.list?.products).toEqual(reply.products);
    expect(api.calls('GET /products')[0].params).toMatchObject({
      brand: 'jaksh',
      category: 'Stationery',
      search: 'diary',
      sort: 'price-asc',
      minPrice: 100,
      page: 2,
    });
  });

  it('send a brand the shop does not have to home', async () => {
    expect(await thrown(() => products.loader(args('/products/acme', { brand: 'acme' })))).toEqual({
      status: 302,
      location: '/',
    });
  });

  it('say what they list in their title', () => {
    expect(listTitle('/products')).toBe('All Products | MS & Jaksh');
    expect(listTitle('/products/jaksh', { brand: 'jaksh' })).toMatch(/^Jaksh/);
    expect(listTitle('/products/jaksh?category=Stationery', { brand: 'jaksh' })).toMatch(
      /^Stationery by Jaksh \| /,
    );
    expect(listTitle('/products?search=diary')).toMatch(/^Search results for “diary” \| /);
    expect(listTitle('/products/ms?page=3', { brand: 'ms' })).toMatch(/, page 3 \| /);
  });
});

describe('an address the shop does not have', () => {
  it('redirects to home', async () => {
    expect(await thrown(() => unknown.loader())).toEqual({ status: 302, location: '/' });
  });
});
