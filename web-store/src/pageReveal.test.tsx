import { act, screen } from '@testing-library/react';
import { createQueryClient } from './App';
import { preloadRoute, ProductsPage } from './routePreload';
import { makeProduct } from './test/fixtures';
import { mockApi } from './test/mockApi';
import { renderApp } from './test/renderApp';

describe('a catalog page the boot preload started', () => {
  it('shows its products in the first render once its code and data are in, without a loading state first', async () => {
    const products = [makeProduct(1, { name: 'Asset Tag Labels' })];
    mockApi({
      'GET /products': () => ({
        data: { success: true, products, total: 1, page: 1, limit: 24, hasMore: false, nextCursor: null },
      }),
    });
    const client = createQueryClient();
    await act(async () => {
      preloadRoute(client, { pathname: '/products', search: '' });
      await ProductsPage.preload();
      await client.getQueryCache().find({ queryKey: ['products'] })?.promise;
    });
    renderApp('/products', client);
    expect(screen.getByRole('heading', { name: 'Asset Tag Labels' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });
});
