import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from './test/mockApi';
import { currentLocation, renderApp } from './test/renderApp';

describe('routes', () => {
  beforeEach(() => mockApi({}));

  it('redirects an unknown path to the home page', async () => {
    renderApp('/no/such/page');
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Labels, merchandise and gifts, made to order',
    );
  });

  it('redirects an unknown brand to the home page', async () => {
    renderApp('/products/acme');
    await waitFor(() => expect(currentLocation()).toBe('/'));
  });

  it('has a 403 page', async () => {
    renderApp('/403');
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
  });

  it.each([
    ['/terms', 'Terms & Conditions'],
    ['/privacy', 'Privacy Policy'],
  ])('serves the legal page %s', async (path, title) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it.each(['/product/p1', '/cart', '/forgot-password'])(
    'keeps the spec route %s inside the app',
    async (path) => {
      renderApp(path);
      expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
      expect(currentLocation()).toBe(path);
    },
  );

  it.each(['/checkout', '/payment', '/confirmation/o1', '/account', '/wishlist', '/profile'])(
    'sends a visitor from the customer route %s to login',
    async (path) => {
      renderApp(path);
      await waitFor(() => expect(currentLocation()).toBe('/login'));
      expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    },
  );

  it('scrolls to the top on every route change', async () => {
    renderApp('/terms');
    await screen.findByRole('heading', { level: 1, name: 'Terms & Conditions' });
    vi.mocked(window.scrollTo).mockClear();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Privacy Policy' }));
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('shows the floating cart button on the home page only', async () => {
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Cart, 0 items' })).toHaveAttribute('href', '/cart');
  });

  it('has no floating cart button elsewhere', async () => {
    renderApp('/terms');
    await screen.findByRole('heading', { level: 1, name: 'Terms & Conditions' });
    expect(screen.queryByRole('link', { name: /^Cart, \d+ items?$/ })).toBeNull();
  });
});
