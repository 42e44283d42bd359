import type { CartView } from '@shop/proto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CartLine } from '../../cart/guestCart';
import { makeCart, makeCartItem, makeUser, publicSettings, signedIn, uuid } from '../../test/fixtures';
import { mockApi, type Handler } from '../../test/mockApi';
import { currentLocation, renderApp } from '../../test/renderApp';

function guestLine(
  n: number,
  overrides: Partial<CartLine> & { brand?: 'ms' | 'jaksh' | null; price?: number } = {},
): CartLine {
  const { brand = 'ms', price = 200, ...rest } = overrides;
  return {
    _id: `g${n}`,
    productId: uuid(n),
    product: { _id: uuid(n), name: `Item ${n}`, price, brand: brand ?? undefined, images: [], stock: 100 },
    quantity: 1,
    customization: {},
    addedAt: '2025-03-01T00:00:00Z',
    ...rest,
  };
}

function storeGuestCart(lines: CartLine[]) {
  localStorage.setItem('cart', JSON.stringify(lines));
}

const storedCart = () => JSON.parse(localStorage.getItem('cart') ?? '[]') as CartLine[];
const summary = () => screen.getByRole('complementary', { name: 'Order Summary' });
const row = (name: string) => screen.getByRole('article', { name });

function serverCartApi(cart: CartView | Handler, extra: Record<string, Handler> = {}) {
  return mockApi({
    ...signedIn(),
    'GET /cart': typeof cart === 'function' ? cart : () => ({ data: { success: true, cart } }),
    ...publicSettings(),
    ...extra,
  });
}

describe('the cart page', () => {
  describe("a visitor's cart in the browser", () => {
    it("groups lines by brand, with 'Other' for lines without one", async () => {
      storeGuestCart([
        guestLine(1),
        guestLine(2, { brand: 'jaksh' }),
        guestLine(3, { brand: null }),
        guestLine(4),
      ]);
      mockApi({});
      renderApp('/cart');
      await screen.findByRole('heading', { level: 1, name: 'Shopping Cart' });
      const main = screen.getByRole('main');
      expect(
        within(main)
          .getAllByRole('heading', { level: 2 })
          .map((h) => h.textContent),
      ).toEqual(['MS', 'Jaksh', 'Other', 'Order Summary']);
      expect(within(screen.getByRole('region', { name: 'MS items' })).getAllByRole('article')).toHaveLength(
        2,
      );
      expect(
        within(screen.getByRole('region', { name: 'Other items' })).getByRole('article', { name: 'Item 3' }),
      ).toBeInTheDocument();
    });

    it('charges 99 shipping up to 1000 and ships free above it', async () => {
      storeGuestCart([guestLine(1, { price: 400 })]);
      mockApi(publicSettings());
      renderApp('/cart');
      await screen.findByRole('heading', { level: 1, name: 'Shopping Cart' });
      expect(within(summary()).getByText('Shipping').nextSibling).toHaveTextContent('₹99');
      expect(within(summary()).getByText('Total').nextSibling).toHaveTextContent('₹499');
      await waitFor(() =>
        expect(summary()).toHaveTextContent(
          'Free shipping on orders above ₹1,000. Add ₹600 more to qualify.',
        ),
      );
      const u = userEvent.setup();
      const qty = within(row('Item 1')).getByRole('spinbutton', { name: 'Quantity' });
      await u.clear(qty);
      await u.type(qty, '3{Enter}');
      expect(within(summary()).getByText('Shipping').nextSibling).toHaveTextContent('Free');
      expect(within(summary()).getByText('Total').nextSibling).toHaveTextContent('₹1,200');
    });

    it('changes quantities, removes a line set to zero, and removes with Remove', async () => {
      storeGuestCart([guestLine(1), guestLine(2)]);
      mockApi({});
      renderApp('/cart');
      await screen.findByRole('heading', { level: 1, name: 'Shopping Cart' });
      const u = userEvent.setup();
      await u.click(within(row('Item 1')).getByRole('button', { name: 'Increase quantity' }));
      expect(storedCart()[0].quantity).toBe(2);
      await u.click(within(row('Item 1')).getByRole('button', { name: 'Decrease quantity' }));
      expect(storedCart()[0].quantity).toBe(1);
      const qty = within(row('Item 1')).getByRole('spinbutton', { name: 'Quantity' });
      await u.clear(qty);
      await u.type(qty, '0{Enter}');
      await waitFor(() => expect(storedCart().map((l) => l._id)).toEqual(['g2']));
      await u.click(within(row('Item 2')).getByRole('button', { name: 'Remove Item 2' }));
      expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
      expect(storedCart()).toEqual([]);
    });

    it('prices a customised line with the shared pricing function and lists its choices', async () => {
      storeGuestCart([
        guestLine(1, {
          price: 300,
          product: {
            _id: uuid(1),
            name: 'Item 1',
            price: 300,
            brand: 'jaksh',
            customizations: [
              {
                optionId: {
                  _id: 'gift',
                  name: 'Gift wrap',
                  type: 'boolean',
                  description: '',
                  options: [],
                  priceModifier: { type: 'fixed', operator: '+', value: 40 },
                },
              },
            ],
          },
          quantity: 2,
          customization: { size: 'A5', comments: 'Gold foil', dynamicCustomizations: { gift: true } },
        }),
      ]);
      mockApi({});
      renderApp('/cart');
      const line = await screen.findByRole('article', { name: 'Item 1' });
      expect(line).toHaveTextContent('₹340 each');
      expect(line).toHaveTextContent('₹680');
      expect(line).toHaveTextContent('Size: A5');
      expect(line).toHaveTextContent('Gift wrap: Yes');
      expect(line).toHaveTextContent('Instructions: Gold foil');
    });

    it("shows a line's uploaded artwork as a thumbnail linking to the file, and a file known only by name as text", async () => {
      storeGuestCart([
        guestLine(1, {
          customization: {
            uploadedFiles: [
              {
                name: 'team logo.png',
                size: 120,
                type: 'image/png',
                url: '/uploads/customizations/f1.png',
                fileId: uuid(401),
              },
              { name: 'old note.png', size: 10, type: 'image/png' },
            ],
          },
        }),
      ]);
      mockApi({});
      renderApp('/cart');
      const line = await screen.findByRole('article', { name: 'Item 1' });
      const artwork = within(line).getByRole('list', { name: 'Artwork for Item 1' });
      const link = within(artwork).getByRole('link', { name: /team logo\.png/ });
      expect(link).toHaveAttribute('href', '/uploads/customizations/f1.png');
      expect(link.querySelector('img')).toHaveAttribute('src', '/uploads/customizations/f1.png');
      expect(line).toHaveTextContent('Uploaded files: old note.png');
      expect(within(line).queryByText(/Uploaded files: team logo/)).not.toBeInTheDocument();
    });

    it('alerts a bulk order at 50 units in one line or across the cart', async () => {
      storeGuestCart([guestLine(1, { quantity: 30 }), guestLine(2, { quantity: 19 })]);
      mockApi({});
      renderApp('/cart');
      await screen.findByRole('heading', { level: 1, name: 'Shopping Cart' });
      expect(screen.queryByText(/Bulk order/)).toBeNull();
      await userEvent.setup().click(within(row('Item 2')).getByRole('button', { name: 'Increase quantity' }));
      expect(
        await screen.findByText(/Bulk order: 50 or more items qualify for special pricing/),
      ).toBeInTheDocument();
    });

    it('offers Login to Checkout, which comes back to checkout after signing in', async () => {
      storeGuestCart([guestLine(1)]);
      mockApi({});
      renderApp('/cart');
      const link = await screen.findByRole('link', { name: 'Login to Checkout' });
      expect(link).toHaveAttribute('href', '/login');
      expect(screen.queryByRole('link', { name: 'Proceed to Checkout' })).toBeNull();
    });

    it('lets a visitor apply a promo code, checked by the server on the guest cart, and keeps it', async () => {
      storeGuestCart([guestLine(1, { quantity: 2, customization: { size: 'A5' } })]);
      const api = mockApi({
        'POST /cart/promo': () => ({
          data: {
            success: true,
            code: 'SAVE10',
            percent: 10,
            discount: 40,
            subtotal: 400,
            shipping: 99,
            total: 459,
          },
        }),
      });
      renderApp('/cart');
      const u = userEvent.setup();
      await u.type(await screen.findByLabelText('Promo code'), 'save10');
      await u.click(screen.getByRole('button', { name: 'Apply' }));
      expect(await within(summary()).findByText('Promo (SAVE10, 10% off)')).toBeInTheDocument();
      expect(within(summary()).getByText('Total').nextSibling).toHaveTextContent('₹459');
      expect(api.calls('POST /cart/promo')[0].body).toEqual({
        code: 'SAVE10',
        items: [{ productId: uuid(1), quantity: 2, customization: { size: 'A5' } }],
      });
      expect(localStorage.getItem('promo')).toBe('SAVE10');
    });

    it('says so when the cart is empty', async () => {
      mockApi({});
      renderApp('/cart');
      expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/products');
    });
  });

  describe("a customer's cart on the server", () => {
    it('shows the server lines and totals, marks unavailable lines, and offers checkout', async () => {
      const cart = makeCart([
        makeCartItem(1, { quantity: 2, linePrice: 1000 }),
        makeCartItem(2, { available: false, unavailableReason: 'Product 2 is out of stock' }),
      ]);
      serverCartApi(cart);
      renderApp('/cart');
      const unavailable = await screen.findByRole('article', { name: 'Product 2' });
      expect(unavailable).toHaveClass('unavailable');
      expect(within(unavailable).getByRole('note')).toHaveTextContent(
        'Unavailable: Product 2 is out of stock',
      );
      expect(within(unavailable).getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
      expect(within(summary()).getByText('Subtotal').nextSibling).toHaveTextContent('₹1,000');
      expect(summary()).toHaveTextContent('One item is unavailable and will not be ordered.');
      expect(screen.getByRole('link', { name: 'Proceed to Checkout' })).toHaveAttribute('href', '/checkout');
      expect(screen.getByText('3 items')).toBeInTheDocument();
    });

    it("shows the bulk-order alert from the server's flag", async () => {
      serverCartApi(makeCart([makeCartItem(1)], { bulkOrder: true }));
      renderApp('/cart');
      expect(await screen.findByText(/Bulk order: 50 or more items/)).toBeInTheDocument();
    });

    it("shows the free-shipping threshold of the shop's public settings", async () => {
      serverCartApi(makeCart([makeCartItem(1)]), publicSettings({ freeShippingThreshold: 2000 }));
      renderApp('/cart');
      expect(
        await screen.findByText(/Free shipping on orders above ₹2,000\. Add ₹1,500 more to qualify\./),
      ).toBeInTheDocument();
    });

    it('sets quantities and removes lines through the server', async () => {
      const item = makeCartItem(1);
      const api = serverCartApi(makeCart([item]), {
        [`PUT /cart/${item._id}`]: () => ({
          data: { cart: makeCart([{ ...item, quantity: 2, linePrice: 1000 }]) },
        }),
        [`DELETE /cart/${item._id}`]: () => ({ data: { cart: makeCart([]) } }),
      });
      renderApp('/cart');
      const u = userEvent.setup();
      await u.click(
        await within(await screen.findByRole('article', { name: 'Product 1' })).findByRole('button', {
          name: 'Increase quantity',
        }),
      );
      await waitFor(() => expect(within(row('Product 1')).getByRole('spinbutton')).toHaveValue(2));
      expect(api.calls(`PUT /cart/${item._id}`)[0].body).toEqual({ quantity: 2 });
      await u.click(within(row('Product 1')).getByRole('button', { name: 'Remove Product 1' }));
      expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    });

    it("alerts 'Failed to update quantity' when the server refuses without a reason", async () => {
      const item = makeCartItem(1);
      serverCartApi(makeCart([item]), { [`PUT /cart/${item._id}`]: () => ({ status: 400, data: {} }) });
      renderApp('/cart');
      await userEvent.setup().click(
        await within(await screen.findByRole('article', { name: 'Product 1' })).findByRole('button', {
          name: 'Increase quantity',
        }),
      );
      await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Failed to update quantity'));
      expect(within(row('Product 1')).getByRole('spinbutton')).toHaveValue(1);
    });

    it("says 'Failed to load cart' with Try again, and a 401 on the cart does not sign the shopper out", async () => {
      let reply: { status: number; data: unknown } = { status: 401, data: {} };
      serverCartApi(() => reply);
      renderApp('/cart');
      expect(await screen.findByText('Failed to load cart')).toBeInTheDocument();
      expect(localStorage.getItem('token')).toBe('jwt-test');
      expect(currentLocation()).toBe('/cart');
      reply = { status: 200, data: { cart: makeCart([makeCartItem(1)]) } };
      await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('article', { name: 'Product 1' })).toBeInTheDocument();
    });

    it('applies a promo code the server accepts and shows its discount', async () => {
      const api = serverCartApi(makeCart([makeCartItem(1, { linePrice: 500 })]), {
        'POST /cart/promo': () => ({
          data: {
            success: true,
            code: 'SAVE10',
            percent: 10,
            discount: 50,
            subtotal: 500,
            shipping: 99,
            total: 549,
          },
        }),
      });
      renderApp('/cart');
      const u = userEvent.setup();
      await u.type(await screen.findByLabelText('Promo code'), 'save10');
      await u.click(screen.getByRole('button', { name: 'Apply' }));
      expect(await within(summary()).findByText('Promo (SAVE10, 10% off)')).toBeInTheDocument();
      expect(within(summary()).getByText('Total').nextSibling).toHaveTextContent('₹549');
      expect(api.calls('POST /cart/promo')[0].body).toEqual({ code: 'SAVE10' });
    });

    it("alerts 'Invalid promo code' for a code the server refuses", async () => {
      serverCartApi(makeCart([makeCartItem(1)]), {
        'POST /cart/promo': () => ({ status: 400, data: { message: 'Invalid promo code' } }),
      });
      renderApp('/cart');
      const u = userEvent.setup();
      await u.type(await screen.findByLabelText('Promo code'), 'NOPE');
      await u.click(screen.getByRole('button', { name: 'Apply' }));
      await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Invalid promo code'));
      expect(within(summary()).queryByText(/Promo \(/)).toBeNull();
    });

    it('drops a kept promo code the server no longer takes, and says so', async () => {
      localStorage.setItem('promo', 'SAVE10');
      serverCartApi(makeCart([makeCartItem(1)]), {
        'POST /cart/promo': () => ({ status: 400, data: { message: 'Invalid promo code' } }),
      });
      renderApp('/cart');
      await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Invalid promo code'));
      await waitFor(() => expect(localStorage.getItem('promo')).toBeNull());
      expect(await screen.findByLabelText('Promo code')).toBeInTheDocument();
    });
  });

  describe('signing in with a guest cart', () => {
    const user = makeUser();
    const login: Handler = () => ({ data: { success: true, token: 'jwt-new', user } });

    it('merges the guest cart into the server cart in one call and empties the browser cart', async () => {
      storeGuestCart([guestLine(1, { quantity: 2, customization: { size: 'A4' } }), guestLine(2)]);
      const merged = makeCart([makeCartItem(1, { quantity: 2 }), makeCartItem(2)]);
      const api = mockApi({
        'POST /auth/login': login,
        'GET /auth/me': () => ({ data: { user } }),
        'POST /cart/merge': () => ({ data: { success: true, cart: merged, skipped: [] } }),
        'GET /cart': () => ({ data: { cart: merged } }),
        ...publicSettings(),
      });
      renderApp({ pathname: '/login', state: { from: '/cart' } });
      const u = userEvent.setup();
      await u.type(await screen.findByLabelText('Email or username'), 'asha');
      await u.type(screen.getByLabelText('Password'), 'secret-pass');
      await u.click(screen.getByRole('button', { name: 'Sign In' }));
      await waitFor(() => expect(currentLocation()).toBe('/cart'));
      expect(await screen.findByRole('article', { name: 'Product 2' })).toBeInTheDocument();
      expect(api.calls('POST /cart/merge')).toHaveLength(1);
      expect(api.calls('POST /cart/merge')[0].body).toEqual({
        items: [
          { productId: uuid(1), quantity: 2, customization: { size: 'A4' } },
          { productId: uuid(2), quantity: 1, customization: {} },
        ],
      });
      expect(storedCart()).toEqual([]);
      const mergeAt = api.requests.findIndex((r) => r.url === '/cart/merge');
      expect(api.requests.slice(0, mergeAt).some((r) => r.url === '/cart')).toBe(false);
    });

    it("alerts 'Failed to sync cart' when the merge fails without a reason, keeping the guest cart", async () => {
      storeGuestCart([guestLine(1)]);
      mockApi({
        'POST /auth/login': login,
        'POST /cart/merge': () => ({ status: 400, data: {} }),
        'GET /cart': () => ({ data: { cart: makeCart([]) } }),
      });
      renderApp('/login');
      const u = userEvent.setup();
      await u.type(await screen.findByLabelText('Email or username'), 'asha');
      await u.type(screen.getByLabelText('Password'), 'secret-pass');
      await u.click(screen.getByRole('button', { name: 'Sign In' }));
      await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Failed to sync cart'));
      expect(storedCart()).toHaveLength(1);
    });
  });
});
