import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PICTURE_SIZES } from './lib/pictures';
import { EAGER_CARDS } from './pages/products/ProductsPage';
import { accountApi } from './pages/account/testSupport';
import { makeOrder, makeProduct, makeUser, uuid } from './test/fixtures';
import { mockApi } from './test/mockApi';
import { renderApp } from './test/renderApp';

/** A stored picture's URL: the largest of its widths, named by its key. */
const picture = (n: number, largest = 1200) =>
  `/uploads/products/${n.toString(16).padStart(16, '0')}-${largest}.webp`;
const widthsOf = (img: Element) =>
  (img.getAttribute('srcset') ?? '')
    .split(', ')
    .filter(Boolean)
    .map((candidate) => candidate.split(' ')[1]);
const ALL_WIDTHS = ['160w', '320w', '480w', '640w', '800w', '1200w'];
const AVIF_WIDTHS = ['160w', '320w', '480w', '640w'];
/** The AVIF <source> beside an <img>, which browsers that read AVIF take instead. */
const avifOf = (img: Element) => img.parentElement?.querySelector('source[type="image/avif"]') ?? null;

function listPage(count: number) {
  const products = Array.from({ length: count }, (_, i) => makeProduct(i + 1, { images: [picture(i + 1)] }));
  return {
    data: { success: true, products, total: count, page: 1, limit: 24, hasMore: false, nextCursor: null },
  };
}

describe('product pictures: each place asks for the width it shows', () => {
  afterEach(() => document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove()));

  it('offers the list every width of each picture for its grid, in AVIF and WebP, the first screen first and the rest when near', async () => {
    mockApi({ 'GET /products': () => listPage(8) });
    renderApp('/products');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(8));
    const images = screen.getAllByRole('article').map((card) => card.querySelector('img')!);
    images.forEach((img, i) => {
      expect(img).toHaveAttribute('src', picture(i + 1));
      expect(widthsOf(img)).toEqual(ALL_WIDTHS);
      expect(img).toHaveAttribute('sizes', PICTURE_SIZES.listCard);
      expect(widthsOf(avifOf(img)!)).toEqual(AVIF_WIDTHS);
      expect(avifOf(img)).toHaveAttribute('sizes', PICTURE_SIZES.listCard);
      expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['320', '320']);
      const first = i < EAGER_CARDS;
      expect(img).toHaveAttribute('loading', first ? 'eager' : 'lazy');
      expect(img.getAttribute('fetchpriority')).toBe(first ? 'high' : null);
    });
  });

  it("starts a product page's main picture, at the gallery's width, as its card is clicked", async () => {
    const list = listPage(2);
    const [mug] = list.data.products;
    mockApi({
      'GET /products': () => list,
      [`GET /products/${mug._id}`]: () => new Promise(() => undefined),
    });
    renderApp('/products');
    const card = within((await screen.findAllByRole('article'))[0]);
    await userEvent.setup().click(card.getByRole('link', { name: mug.name }));
    const link = document.head.querySelector(`link[rel="preload"][imagesizes="${PICTURE_SIZES.gallery}"]`)!;
    expect(link.getAttribute('href')).toBe(picture(1));
    expect(link.getAttribute('imagesrcset')).toContain(' 1200w');
  });

  it('shows the gallery at its width in WebP first, its largest width zoomed, and thumbnails at theirs when near', async () => {
    const mug = makeProduct(1, { images: [picture(1), picture(2, 800)] });
    mockApi({
      [`GET /products/${mug._id}`]: () => ({ data: { success: true, product: mug } }),
      [`GET /products/${mug._id}/similar`]: () => ({ data: { success: true, products: [] } }),
      [`GET /reviews/product/${mug._id}`]: () => ({ data: { success: true, reviews: [] } }),
    });
    renderApp(`/product/${uuid(1)}`);
    const main = await screen.findByRole('img', { name: `${mug.name}, image 1 of 2` });
    expect(widthsOf(main)).toEqual(ALL_WIDTHS);
    expect(main).toHaveAttribute('sizes', PICTURE_SIZES.gallery);
    // AVIF is stored up to 640 px, less than the gallery can need.
    expect(avifOf(main)).toBeNull();
    expect(main).toHaveAttribute('fetchpriority', 'high');
    expect(main).toHaveAttribute('loading', 'eager');

    const thumbs = within(screen.getByRole('list', { name: 'Product images' }));
    const second = thumbs.getByRole('button', { name: 'Show image 2' }).querySelector('img')!;
    expect(widthsOf(second)).toEqual(['160w', '320w', '480w', '640w', '800w']);
    expect(widthsOf(avifOf(second)!)).toEqual(AVIF_WIDTHS);
    expect(second).toHaveAttribute('sizes', PICTURE_SIZES.thumbnail);
    expect(second).toHaveAttribute('loading', 'lazy');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Zoom in 2x' }));
    const zoomed = screen.getByRole('img', { name: `${mug.name}, image 1 of 2` });
    expect(zoomed).toHaveAttribute('src', picture(1));
    expect(zoomed).not.toHaveAttribute('srcset');
  });

  it('shows order lines at the smallest width and wishlist cards at the width a phone needs, not the largest', async () => {
    const diary = makeProduct(1, { images: [picture(1)] });
    const line = {
      product: { ...diary, price: 500 },
      productId: diary._id,
      name: diary.name,
      image: picture(1),
      quantity: 1,
      price: 500,
      lineTotal: 500,
      customization: {},
    };
    const user = makeUser({ wishlist: [diary._id] });
    accountApi(
      {
        'GET /orders/me': () => ({ data: { success: true, orders: [makeOrder(1, { products: [line] })] } }),
        'GET /auth/wishlist': () => ({
          data: { success: true, wishlist: [{ productId: diary._id, addedAt: '2025-01-01T00:00:00Z' }] },
        }),
        [`GET /products/${diary._id}`]: () => ({ data: { success: true, product: diary } }),
      },
      user,
    );
    renderApp({ pathname: '/account', state: { section: 'orders' } });
    const card = await screen.findByRole('article', { name: /^Order / });
    expect(card.querySelector('img')).toHaveAttribute('src', picture(1).replace('-1200.', '-160.'));
    cleanup();
    renderApp('/wishlist');
    const saved = await screen.findByRole('article', { name: diary.name });
    expect(saved.querySelector('img')).toHaveAttribute('src', picture(1).replace('-1200.', '-640.'));
  });

  it('shows a picture stored before it had widths, or held elsewhere, as it is', async () => {
    const older = '/uploads/products/8a1f2c3d-1b2c-4d5e-8f90-123456789abc-web.webp';
    const products = [
      makeProduct(1, { images: [older] }),
      makeProduct(2, { images: ['https://cdn.example.com/mug.jpg'] }),
    ];
    mockApi({
      'GET /products': () => ({
        data: { success: true, products, total: 2, page: 1, limit: 24, hasMore: false, nextCursor: null },
      }),
    });
    renderApp('/products');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    const [first, second] = screen.getAllByRole('article').map((card) => card.querySelector('img')!);
    expect(first).toHaveAttribute('src', older);
    expect(second).toHaveAttribute('src', 'https://cdn.example.com/mug.jpg');
    for (const img of [first, second]) {
      expect(img).not.toHaveAttribute('srcset');
      expect(img).not.toHaveAttribute('sizes');
      expect(avifOf(img)).toBeNull();
    }
  });
});
