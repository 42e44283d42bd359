import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../test/mockApi';
import { currentLocation, renderApp } from '../test/renderApp';

const emptyList = {
  data: { success: true, products: [], total: 0, page: 1, hasMore: false, nextCursor: null },
};

describe('the header', () => {
  it('links to All Products, Wishlist, Cart and Sign In for a visitor', async () => {
    mockApi({});
    renderApp('/terms');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'All Products' })).toHaveAttribute('href', '/products');
    expect(within(nav).getByRole('link', { name: /Wishlist/ })).toHaveAttribute('href', '/wishlist');
    expect(within(nav).getByRole('link', { name: /Cart/ })).toHaveAttribute('href', '/cart');
    expect(within(nav).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  });

  it('badges the cart with the number of items in the guest cart', async () => {
    localStorage.setItem(
      'cart',
      JSON.stringify([
        { _id: 'l1', product: { _id: 'p1', name: 'Mug', price: 199 }, quantity: 2, customization: {} },
        { _id: 'l2', product: { _id: 'p2', name: 'Pen', price: 49 }, quantity: 1, customization: {} },
      ]),
    );
    mockApi({});
    renderApp('/terms');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByLabelText('3 items in cart')).toHaveTextContent('3');
  });

  it('opens and closes the mobile menu', async () => {
    mockApi({});
    renderApp('/terms');
    const u = userEvent.setup();
    const toggle = await screen.findByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await u.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await u.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  describe('search', () => {
    it('asks the server once the shopper pauses for 300 ms, and lists matches with image and name', async () => {
      const api = mockApi({
        'GET /products/search': (req) => ({
          data: {
            success: true,
            products:
              req.params.q === 'lany'
                ? [
                    { _id: 'p1', name: 'Printed Lanyard', images: ['/uploads/lanyard.webp'] },
                    { _id: 'p2', name: 'Lanyard with Badge Holder', images: [] },
                  ]
                : [],
          },
        }),
      });
      renderApp('/terms');
      const u = userEvent.setup();
      const box = await screen.findByRole('combobox', { name: 'Search products' });
      await u.type(box, 'lany');
      const options = await screen.findAllByRole('option');
      expect(options.map((o) => o.textContent)).toEqual(['Printed Lanyard', 'Lanyard with Badge Holder']);
      expect(options[0].querySelector('img')).toHaveAttribute('src', '/uploads/lanyard.webp');
      expect(api.calls('GET /products/search').map((r) => r.params.q)).toEqual(['lany']);
    });

    it("says 'No products found.' when nothing matches", async () => {
      mockApi({ 'GET /products/search': () => ({ data: { success: true, products: [] } }) });
      renderApp('/terms');
      const u = userEvent.setup();
      await u.type(await screen.findByRole('combobox', { name: 'Search products' }), 'zzz');
      expect(await screen.findByText('No products found.')).toBeInTheDocument();
    });

    it('treats a failed search as no result', async () => {
      mockApi({
        'GET /products/search': () => ({
          status: 400,
          data: { message: 'Search text must be at most 100 characters' },
        }),
      });
      renderApp('/terms');
      const u = userEvent.setup();
      await u.type(await screen.findByRole('combobox', { name: 'Search products' }), 'mug');
      expect(await screen.findByText('No products found.')).toBeInTheDocument();
    });

    it('opens the chosen product with the keyboard', async () => {
      mockApi({
        'GET /products/search': () => ({
          data: { success: true, products: [{ _id: 'p7', name: 'Steel Bottle', images: [] }] },
        }),
      });
      renderApp('/terms');
      const u = userEvent.setup();
      const box = await screen.findByRole('combobox', { name: 'Search products' });
      await u.type(box, 'bottle');
      await screen.findByRole('option');
      await u.keyboard('{ArrowDown}{Enter}');
      await waitFor(() => expect(currentLocation()).toBe('/product/p7'));
      expect(box).toHaveValue('');
    });

    it('sends a search without a choice to the products page', async () => {
      mockApi({
        'GET /products/search': () => ({ data: { success: true, products: [] } }),
        'GET /products': () => emptyList,
      });
      renderApp('/terms');
      const u = userEvent.setup();
      await u.type(await screen.findByRole('combobox', { name: 'Search products' }), 'diary{Enter}');
      await waitFor(() => expect(currentLocation()).toBe('/products?search=diary'));
    });

    it('closes the dropdown 150 ms after the box loses focus', async () => {
      mockApi({
        'GET /products/search': () => ({
          data: { success: true, products: [{ _id: 'p7', name: 'Steel Bottle', images: [] }] },
        }),
      });
      renderApp('/terms');
      const u = userEvent.setup();
      await u.type(await screen.findByRole('combobox', { name: 'Search products' }), 'bottle');
      await screen.findByRole('option');
      vi.useFakeTimers();
      try {
        act(() => screen.getByRole('combobox').blur());
        act(() => vi.advanceTimersByTime(140));
        expect(screen.getByRole('option')).toBeInTheDocument();
        act(() => vi.advanceTimersByTime(20));
        expect(screen.queryByRole('option')).toBeNull();
      } finally {
        vi.useRealTimers();
      }
    });
  });
});
