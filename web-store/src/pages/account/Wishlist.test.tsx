import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product } from '../../api/types';
import { makeCart, makeProduct, makeUser } from '../../test/fixtures';
import type { Handler } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { accountApi } from './testSupport';

const pen = makeProduct(1, { name: 'Brass Pen', brand: 'jaksh', price: 300, category: 'Stationery' });
const mug = makeProduct(2, {
  name: 'Ceramic Mug',
  brand: 'ms',
  price: 250,
  category: 'Drinkware',
  images: [],
});
const diary = makeProduct(3, { name: 'Andaman Diary', brand: 'jaksh', price: 650, allowsImageUpload: true });

function wishlistApi(products: Product[], extra: Record<string, Handler> = {}) {
  const user = makeUser({ wishlist: products.map((p) => p._id) });
  const handlers: Record<string, Handler> = {
    'GET /auth/wishlist': () => ({
      data: {
        success: true,
        wishlist: products.map((p) => ({ productId: p._id, addedAt: '2025-01-01T00:00:00Z' })),
      },
    }),
  };
  for (const p of products) {
    handlers[`GET /products/${p._id}`] = () => ({ data: { success: true, product: p } });
    handlers[`DELETE /auth/wishlist/${p._id}`] = () => ({
      data: { success: true, user: { ...user, wishlist: [] } },
    });
  }
  return accountApi({ ...handlers, ...extra }, user);
}

const openWishlist = () => renderApp('/wishlist');
const names = () => screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'));

describe('My Wishlist', () => {
  it("reads each saved product from the catalog, sorted by name, with a 'Customizable' badge and the logo for a missing image", async () => {
    wishlistApi([pen, mug, diary]);
    openWishlist();
    await waitFor(() => expect(names()).toEqual(['Andaman Diary', 'Brass Pen', 'Ceramic Mug']));
    const diaryCard = screen.getByRole('article', { name: 'Andaman Diary' });
    expect(within(diaryCard).getByText('Customizable')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Brass Pen' })).queryByText('Customizable')).toBeNull();
    expect(screen.getByRole('article', { name: 'Ceramic Mug' }).querySelector('img')).toHaveAttribute(
      'src',
      '/logo.svg',
    );
  });

  it('shows six skeleton cards while loading', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    wishlistApi([pen], {
      'GET /auth/wishlist': async () => {
        await gate;
        return { data: { wishlist: [{ productId: pen._id, addedAt: '' }] } };
      },
    });
    openWishlist();
    const loading = await screen.findByRole('status', { name: 'Loading wishlist' });
    expect(loading.querySelectorAll('.wish-card')).toHaveLength(6);
    act(() => release());
    expect(await screen.findByRole('article', { name: 'Brass Pen' })).toBeInTheDocument();
  });

  it("says 'Your wishlist is empty' with a link to the products", async () => {
    wishlistApi([]);
    openWishlist();
    expect(await screen.findByText('Your wishlist is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/products');
  });

  it('searches, filters by the brands found and sorts by name and price', async () => {
    wishlistApi([pen, mug, diary]);
    openWishlist();
    const u = userEvent.setup();
    await screen.findByRole('article', { name: 'Brass Pen' });
    const brand = screen.getByLabelText('Brand');
    expect(
      within(brand)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All brands', 'Jaksh', 'MS']);
    const sort = screen.getByLabelText('Sort');
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Name A-Z', 'Name Z-A', 'Price low to high', 'Price high to low']);
    await u.selectOptions(sort, 'price-desc');
    expect(names()).toEqual(['Andaman Diary', 'Brass Pen', 'Ceramic Mug']);
    await u.selectOptions(sort, 'price-asc');
    expect(names()).toEqual(['Ceramic Mug', 'Brass Pen', 'Andaman Diary']);
    await u.selectOptions(sort, 'name-desc');
    expect(names()).toEqual(['Ceramic Mug', 'Brass Pen', 'Andaman Diary']);
    await u.selectOptions(brand, 'jaksh');
    expect(names()).toEqual(['Brass Pen', 'Andaman Diary']);
    await u.type(screen.getByLabelText('Search wishlist'), 'pen');
    expect(names()).toEqual(['Brass Pen']);
  });

  it('selects all and unselects all', async () => {
    wishlistApi([pen, mug]);
    openWishlist();
    const u = userEvent.setup();
    await screen.findByRole('article', { name: 'Brass Pen' });
    expect(screen.getByRole('button', { name: 'Move selected to cart' })).toBeDisabled();
    await u.click(screen.getByRole('button', { name: 'Select all' }));
    expect(screen.getByRole('checkbox', { name: 'Select Brass Pen' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select Ceramic Mug' })).toBeChecked();
    await u.click(screen.getByRole('button', { name: 'Unselect all' }));
    expect(screen.getByRole('checkbox', { name: 'Select Brass Pen' })).not.toBeChecked();
  });

  it("moves an item to the cart with quantity 1, takes it off the wishlist and says 'Product moved to cart'", async () => {
    const api = wishlistApi([pen, mug], { 'POST /cart': () => ({ data: { cart: makeCart([]) } }) });
    openWishlist();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Move to Cart Brass Pen' }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Product moved to cart'));
    expect(api.calls('POST /cart')[0].body).toEqual({ productId: pen._id, quantity: 1, customization: {} });
    expect(api.calls(`DELETE /auth/wishlist/${pen._id}`)).toHaveLength(1);
    expect(names()).toEqual(['Ceramic Mug']);
  });

  it("asks 'Remove from Wishlist' before removing one item, and keeps it when cancelled", async () => {
    const api = wishlistApi([pen, mug]);
    openWishlist();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Remove Brass Pen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove from Wishlist' });
    expect(dialog).toHaveTextContent('Are you sure you want to remove this item from your wishlist?');
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls(`DELETE /auth/wishlist/${pen._id}`)).toHaveLength(0);
    await u.click(screen.getByRole('button', { name: 'Remove Brass Pen' }));
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(names()).toEqual(['Ceramic Mug']));
    expect(api.calls(`DELETE /auth/wishlist/${pen._id}`)).toHaveLength(1);
  });

  it("asks 'Remove Selected Items' with the count before removing the selection", async () => {
    const api = wishlistApi([pen, mug, diary]);
    openWishlist();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('checkbox', { name: 'Select Brass Pen' }));
    await u.click(screen.getByRole('checkbox', { name: 'Select Ceramic Mug' }));
    await u.click(screen.getByRole('button', { name: 'Remove selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Selected Items' });
    expect(dialog).toHaveTextContent('2 item(s) will be removed from your wishlist.');
    await u.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(names()).toEqual(['Andaman Diary']));
    expect(api.calls(`DELETE /auth/wishlist/${pen._id}`)).toHaveLength(1);
    expect(api.calls(`DELETE /auth/wishlist/${mug._id}`)).toHaveLength(1);
  });

  it('moves the selected items to the cart', async () => {
    const api = wishlistApi([pen, mug], { 'POST /cart': () => ({ data: { cart: makeCart([]) } }) });
    openWishlist();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Select all' }));
    await u.click(screen.getByRole('button', { name: 'Move selected to cart' }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Items added to cart'));
    expect(api.calls('POST /cart')).toHaveLength(2);
    expect(await screen.findByText('Your wishlist is empty')).toBeInTheDocument();
  });

  it("alerts the server's error, else 'Failed to update wishlist'", async () => {
    wishlistApi([pen], { [`DELETE /auth/wishlist/${pen._id}`]: () => ({ status: 400, data: {} }) });
    openWishlist();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Remove Brass Pen' }));
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Failed to update wishlist'));
    expect(names()).toEqual(['Brass Pen']);
  });
});
