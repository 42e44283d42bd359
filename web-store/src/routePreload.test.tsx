import { screen } from '@testing-library/react';
import { createQueryClient } from './App';
import { preloadRoute } from './routePreload';
import { makeProduct, uuid } from './test/fixtures';
import { mockApi } from './test/mockApi';
import { renderApp } from './test/renderApp';

/** Boots at an address as main.tsx does: the preload first, then the app with the same cache. */
function bootAt(path: string) {
  const client = createQueryClient();
  const url = new URL(path, 'http://shop.test');
  preloadRoute(client, url);
  return renderApp(path, client);
}

describe('the boot preload', () => {
  it('asks for a products page once: the page shows the list the preload asked for, filters included', async () => {
    const card = makeProduct(1, { name: 'Asset Tag Labels', images: ['/uploads/products/a-web.webp'] });
    const api = mockApi({
      'GET /products': () => ({
        data: { success: true, products: [card], total: 1, page: 1, limit: 24, hasMore: false },
      }),
    });
    bootAt('/products/ms?search=tag&sort=price-asc');
    expect(await screen.findByText('Asset Tag Labels')).toBeInTheDocument();
    expect(api.calls('GET /products')).toHaveLength(1);
    expect(api.calls('GET /products')[0].params).toEqual({
      limit: 24,
      page: 1,
      brand: 'ms',
      search: 'tag',
      sort: 'price-asc',
    });
  });

  it('asks for a product once, and a missing one still reads Product Not Found', async () => {
    const api = mockApi({
      [`GET /products/${uuid(99)}`]: () => ({
        status: 404,
        data: { message: 'The requested product could not be found.' },
      }),
    });
    bootAt(`/product/${uuid(99)}`);
    expect(await screen.findByRole('heading', { name: 'Product Not Found' })).toBeInTheDocument();
    expect(api.calls(`GET /products/${uuid(99)}`)).toHaveLength(1);
  });

  it('asks for nothing at an unknown brand, which leads home', () => {
    const api = mockApi({});
    preloadRoute(createQueryClient(), { pathname: '/products/nobody', search: '' });
    expect(api.requests).toHaveLength(0);
  });
});
