import { screen } from '@testing-library/react';
import { PAGE_FAILED } from './components/PageErrorBoundary';
import { uuid } from './test/fixtures';
import { mockApi } from './test/mockApi';
import { renderApp } from './test/renderApp';

vi.mock('./pages/product/ProductDetailPage', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

describe('a catalog page whose code cannot be fetched', () => {
  it('says so, as a page loaded on demand does', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({});
    renderApp(`/product/${uuid(1)}`);
    expect(await screen.findByText(PAGE_FAILED)).toBeInTheDocument();
  });
});
