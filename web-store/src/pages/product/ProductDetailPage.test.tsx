import type { ProductCustomizationOptionView } from '@shop/proto';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product } from '../../api/types';
import { makeProduct, makeUser, publicSettings, signedIn, uuid } from '../../test/fixtures';
import { mockApi, type Handler } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

const modifier = (operator: '+' | '-', value: number) => ({ type: 'fixed' as const, operator, value });

function option(
  id: string,
  name: string,
  type: ProductCustomizationOptionView['optionId']['type'],
  extra: Partial<ProductCustomizationOptionView['optionId']> = {},
): ProductCustomizationOptionView {
  return { optionId: { _id: id, name, type, description: '', options: [], priceModifier: null, ...extra } };
}

const OPTIONS: ProductCustomizationOptionView[] = [
  option('gift', 'Gift wrap', 'boolean', { priceModifier: modifier('+', 50) }),
  option('cover', 'Cover', 'select', {
    options: [
      { value: 'Leather', priceModifier: modifier('+', 100) },
      { value: 'Kraft', priceModifier: modifier('-', 20) },
    ],
  }),
  option('extras', 'Extras', 'multi-select', {
    options: [
      { value: 'Bookmark', priceModifier: modifier('+', 10) },
      { value: 'Pen loop', priceModifier: modifier('+', 15) },
    ],
  }),
  option('engraving', 'Name on cover', 'text', { priceModifier: modifier('+', 25) }),
  option('logo', 'Your logo', 'image', { priceModifier: modifier('+', 30) }),
];

const diary = makeProduct(1, {
  name: 'Leather Diary',
  price: 500,
  stock: 40,
  images: Array.from({ length: 7 }, (_, i) => `/uploads/diary-${i + 1}.webp`),
  customizationOptions: OPTIONS,
  availableSizes: ['A5', 'A4'],
  allowsImageUpload: true,
  sku: 'JK-DIARY-01',
  weight: 350,
  dimensions: { length: 21, width: 15, height: 2 },
  turnaroundTime: '2 days',
});

function productApi(product: Product = diary, extra: Record<string, Handler> = {}) {
  return mockApi({
    [`GET /products/${product._id}`]: () => ({ data: { success: true, product } }),
    [`GET /products/${product._id}/similar`]: () => ({
      data: { success: true, products: Array.from({ length: 8 }, (_, i) => makeProduct(10 + i)) },
    }),
    [`GET /reviews/product/${product._id}`]: () => ({ data: { success: true, reviews: [] } }),
    ...extra,
  });
}

const price = () => screen.getByTestId('unit-price').textContent;
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('the product detail page', () => {
  it('loads the reviews, their code and their request only as the shopper comes near them', async () => {
    const watching: { callback: IntersectionObserverCallback; element?: Element }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback) {
          watching.push({ callback });
        }
        observe(element: Element) {
          watching[watching.length - 1].element = element;
        }
        disconnect() {}
      },
    );
    const api = productApi();
    renderApp(`/product/${diary._id}`);
    await heading('Leather Diary');
    const region = await screen.findByRole('region', { name: 'Customer reviews' });
    expect(within(region).getByText('Loading reviews...')).toBeInTheDocument();
    expect(api.calls(`GET /reviews/product/${diary._id}`)).toHaveLength(0);

    const reviews = watching.find((w) => w.element === region)!;
    act(() =>
      reviews.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver),
    );
    expect(await within(region).findByText('No reviews yet')).toBeInTheDocument();
    expect(api.calls(`GET /reviews/product/${diary._id}`)).toHaveLength(1);
  });

  it('shows the breadcrumb, price, brand and a description tab, and 4 of the 8 similar products it asks for', async () => {
    const api = productApi();
    renderApp(`/product/${diary._id}`);
    await heading('Leather Diary');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(crumbs).getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/products');
    expect(within(crumbs).getByRole('link', { name: 'Jaksh' })).toHaveAttribute('href', '/products/jaksh');
    expect(within(crumbs).getByText('Leather Diary')).toHaveAttribute('aria-current', 'page');
    expect(price()).toBe('₹500');
    expect(await screen.findByRole('tab', { name: 'Description' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('About product 1.');
    const similar = await screen.findByRole('region', { name: 'Similar products' });
    expect(within(similar).getAllByRole('article')).toHaveLength(4);
    expect(api.calls(`GET /products/${diary._id}/similar`)[0].params).toEqual({ limit: 8 });
  });

  it("says 'Product Not Found' and 'The requested product could not be found.' for an unknown product", async () => {
    mockApi({
      [`GET /products/${uuid(99)}`]: () => ({
        status: 404,
        data: { message: 'The requested product could not be found.' },
      }),
    });
    renderApp(`/product/${uuid(99)}`);
    expect(await heading('Product Not Found')).toBeInTheDocument();
    expect(screen.getByText('The requested product could not be found.')).toBeInTheDocument();
  });

  it("says 'Failed to load product details' when loading fails, with Try again", async () => {
    let fail = true;
    mockApi({
      [`GET /products/${diary._id}`]: () =>
        fail ? { status: 502, data: {} } : { data: { success: true, product: diary } },
      [`GET /reviews/product/${diary._id}`]: () => ({ data: { reviews: [] } }),
    });
    renderApp(`/product/${diary._id}`);
    expect(await heading('Product Not Found')).toBeInTheDocument();
    expect(screen.getByText('Failed to load product details')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await heading('Leather Diary')).toBeInTheDocument();
  });

  describe('customisation', () => {
    it('updates the price live for boolean, select, multi-select and text options', async () => {
      productApi();
      renderApp(`/product/${diary._id}`);
      const u = userEvent.setup();
      await heading('Leather Diary');
      await u.click(screen.getByRole('checkbox', { name: /Gift wrap/ }));
      expect(price()).toBe('₹550');
      await u.selectOptions(screen.getByLabelText('Cover'), 'Leather');
      expect(price()).toBe('₹650');
      await u.selectOptions(screen.getByLabelText('Cover'), 'Kraft');
      expect(price()).toBe('₹530');
      const extras = screen.getByRole('group', { name: 'Extras' });
      await u.click(within(extras).getByRole('checkbox', { name: /Bookmark/ }));
      await u.click(within(extras).getByRole('checkbox', { name: /Pen loop/ }));
      expect(price()).toBe('₹555');
      await u.type(screen.getByLabelText(/Name on cover/), 'Asha');
      expect(price()).toBe('₹580');
      await u.click(screen.getByRole('checkbox', { name: /Gift wrap/ }));
      expect(price()).toBe('₹530');
      expect(screen.getByText('with your choices (base price ₹500)')).toBeInTheDocument();
    });

    it("shows one upload field: the library's image option, not a second 'Upload your design'", async () => {
      productApi();
      renderApp(`/product/${diary._id}`);
      await heading('Leather Diary');
      expect(screen.getByLabelText(/Your logo/)).toHaveAttribute('type', 'file');
      expect(screen.queryByLabelText('Upload your design')).not.toBeInTheDocument();
      expect(document.querySelectorAll('input[type="file"]')).toHaveLength(1);
    });

    it("offers 'Upload your design' to a product that takes images without an image option", async () => {
      const plain = { ...diary, customizationOptions: OPTIONS.filter((o) => o.optionId.type !== 'image') };
      productApi(plain);
      renderApp(`/product/${plain._id}`);
      await heading('Leather Diary');
      expect(screen.getByLabelText('Upload your design')).toHaveAttribute('type', 'file');
      expect(document.querySelectorAll('input[type="file"]')).toHaveLength(1);
    });

    it('caps text options and special instructions at 500 characters', async () => {
      productApi();
      renderApp(`/product/${diary._id}`);
      await heading('Leather Diary');
      const text = screen.getByLabelText(/Name on cover/);
      const comments = screen.getByLabelText('Special instructions');
      expect(text).toHaveAttribute('maxLength', '500');
      expect(comments).toHaveAttribute('maxLength', '500');
      const u = userEvent.setup();
      await u.click(comments);
      await u.paste('x'.repeat(600));
      expect(comments).toHaveValue('x'.repeat(500));
      expect(screen.getByText('500/500 characters')).toBeInTheDocument();
    });

    it("refuses a file that is not an image with 'Please upload only image files'", async () => {
      productApi();
      renderApp(`/product/${diary._id}`);
      await heading('Leather Diary');
      const u = userEvent.setup({ applyAccept: false });
      await u.upload(
        screen.getByLabelText(/Your logo/),
        new File(['%PDF'], 'brief.pdf', { type: 'application/pdf' }),
      );
      expect(await screen.findByRole('alert')).toHaveTextContent('Please upload only image files');
    });

    it("refuses an image over 2 MB with 'File size must be less than 2MB', while the hint says 5MB", async () => {
      productApi();
      renderApp(`/product/${diary._id}`);
      await heading('Leather Diary');
      expect(screen.getAllByText(/Images only \(JPG, PNG, WebP\), up to 5MB\./).length).toBeGreaterThan(0);
      const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
      await userEvent.setup().upload(screen.getByLabelText(/Your logo/), big);
      expect(await screen.findByRole('alert')).toHaveTextContent('File size must be less than 2MB');
    });

    it("uploads a signed-in shopper's image to /cart/uploads and prices the image option", async () => {
      const api = productApi(diary, {
        ...signedIn(),
        'POST /cart/uploads': () => ({
          data: {
            success: true,
            name: 'logo.png',
            size: 4,
            type: 'image/png',
            url: '/uploads/customizations/f1.png',
            fileId: uuid(300),
          },
        }),
        ...publicSettings(),
        'GET /cart': () => ({
          data: {
            success: true,
            cart: { items: [], subtotal: 0, itemCount: 0, bulkOrder: false, shipping: 0, total: 0 },
          },
        }),
        'POST /cart': () => ({
          data: {
            success: true,
            cart: { items: [], subtotal: 0, itemCount: 1, bulkOrder: false, shipping: 0, total: 0 },
          },
        }),
      });
      renderApp(`/product/${diary._id}`);
      await heading('Leather Diary');
      const u = userEvent.setup();
      await u.upload(
        screen.getByLabelText(/Your logo/),
        new File(['\x89PNG'], 'logo.png', { type: 'image/png' }),
      );
      await waitFor(() => expect(price()).toBe('₹530'));
      const upload = api.calls('POST /cart/uploads')[0];
      expect(upload.body).toBeInstanceOf(FormData);
      expect(((upload.body as FormData).get('file') as File).name).toBe('logo.png');
      expect(screen.getByRole('list', { name: /Your logo/ })).toHaveTextContent('logo.png');
      await u.click(screen.getByRole('button', { name: 'Add to Cart' }));
      await waitFor(() => expect(api.calls('POST /cart')).toHaveLength(1));
      expect(api.calls('POST /cart')[0].body).toEqual({
        productId: diary._id,
        quantity: 1,
        customization: {
          dynamicCustomizations: {
            logo: {
              value: '/uploads/customizations/f1.png',
              name: 'logo.png',
              size: 4,
              type: 'image/png',
              url: '/uploads/customizations/f1.png',
              fileId: uuid(300),
            },
          },
        },
      });
    });

    it("uploads a visitor's image too, and the guest cart line keeps the stored file to carry through sign-in", async () => {
      const api = productApi(diary, {
        'POST /cart/uploads': () => ({
          data: {
            success: true,
            name: 'art.jpg',
            size: 3,
            type: 'image/jpeg',
            url: '/uploads/customizations/g1.jpg',
            fileId: uuid(301),
          },
        }),
      });
      renderApp(`/product/${diary._id}`);
      await heading('Leather Diary');
      const u = userEvent.setup();
      await u.upload(
        screen.getByLabelText(/Your logo/),
        new File(['abc'], 'art.jpg', { type: 'image/jpeg' }),
      );
      expect(await screen.findByRole('list', { name: /Your logo/ })).toHaveTextContent('art.jpg');
      expect(api.calls('POST /cart/uploads')).toHaveLength(1);
      expect(screen.queryByText(/Sign in to attach/)).not.toBeInTheDocument();
      await u.click(screen.getByRole('button', { name: 'Add to Cart' }));
      await waitFor(() => expect(JSON.parse(localStorage.getItem('cart') ?? '[]')).toHaveLength(1));
      const [line] = JSON.parse(localStorage.getItem('cart')!);
      expect(line.customization.dynamicCustomizations.logo).toMatchObject({
        fileId: uuid(301),
        url: '/uploads/customizations/g1.jpg',
      });
    });
  });

  describe('quantity and stock', () => {
    it('keeps the quantity between 1 and the stock', async () => {
      productApi(makeProduct(2, { stock: 3 }));
      renderApp(`/product/${uuid(2)}`);
      await heading('Product 2');
      const u = userEvent.setup();
      const input = screen.getByRole('spinbutton', { name: 'Quantity' });
      expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
      await u.click(screen.getByRole('button', { name: 'Increase quantity' }));
      await u.click(screen.getByRole('button', { name: 'Increase quantity' }));
      expect(input).toHaveValue(3);
      expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
      await u.clear(input);
      await u.type(input, '99{Enter}');
      expect(input).toHaveValue(3);
      await u.clear(input);
      await u.type(input, '0');
      await u.tab();
      expect(input).toHaveValue(1);
    });

    it('warns of low stock at 10 units or fewer, not above', async () => {
      productApi(makeProduct(3, { stock: 10 }));
      const first = renderApp(`/product/${uuid(3)}`);
      await heading('Product 3');
      expect(screen.getByText('Only 10 left in stock!')).toBeInTheDocument();
      first.unmount();
      productApi(makeProduct(4, { stock: 11 }));
      renderApp(`/product/${uuid(4)}`);
      await heading('Product 4');
      expect(screen.queryByText(/left in stock/)).toBeNull();
      expect(screen.getByText('In stock')).toBeInTheDocument();
    });

    it('cannot be added when out of stock', async () => {
      productApi(makeProduct(5, { stock: 0 }));
      renderApp(`/product/${uuid(5)}`);
      await heading('Product 5');
      expect(screen.getByText('Out of stock')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    });
  });

  it("adds a visitor's customised line to the browser cart with its quantity", async () => {
    productApi();
    renderApp(`/product/${diary._id}`);
    await heading('Leather Diary');
    const u = userEvent.setup();
    await u.selectOptions(screen.getByLabelText('Size'), 'A4');
    await u.click(screen.getByRole('checkbox', { name: /Gift wrap/ }));
    await u.type(screen.getByLabelText('Special instructions'), 'Blue ribbon');
    await u.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(screen.getByText('Total for 2:')).toHaveTextContent('₹1,100');
    await u.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText(/Added to cart/)).toBeInTheDocument();
    const [line] = JSON.parse(localStorage.getItem('cart')!);
    expect(line).toMatchObject({
      productId: diary._id,
      quantity: 2,
      customization: { size: 'A4', comments: 'Blue ribbon', dynamicCustomizations: { gift: true } },
      product: { _id: diary._id, name: 'Leather Diary', price: 500 },
    });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByLabelText('2 items in cart')).toBeInTheDocument();
  });

  describe('the wishlist button', () => {
    it("tells a visitor 'Please login to add to wishlist'", async () => {
      const api = productApi();
      renderApp(`/product/${diary._id}`);
      await heading('Leather Diary');
      await userEvent.setup().click(screen.getByRole('button', { name: 'Add to Wishlist' }));
      expect(window.alert).toHaveBeenCalledWith('Please login to add to wishlist');
      expect(api.calls('PUT /auth/wishlist')).toHaveLength(0);
    });

    it("toggles a customer's wishlist and updates the header badge", async () => {
      const user = makeUser();
      const api = productApi(diary, {
        ...signedIn(user),
        'GET /cart': () => ({
          data: { cart: { items: [], subtotal: 0, itemCount: 0, bulkOrder: false, shipping: 0, total: 0 } },
        }),
        ...publicSettings(),
        'PUT /auth/wishlist': () => ({
          data: { success: true, added: true, user: { ...user, wishlist: [diary._id] } },
        }),
      });
      renderApp(`/product/${diary._id}`);
      await heading('Leather Diary');
      await userEvent.setup().click(await screen.findByRole('button', { name: 'Add to Wishlist' }));
      expect(await screen.findByRole('button', { name: 'In Wishlist' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      expect(api.calls('PUT /auth/wishlist')[0].body).toEqual({ productId: diary._id });
      const nav = screen.getByRole('navigation', { name: 'Main' });
      expect(within(nav).getByLabelText('1 saved items')).toBeInTheDocument();
    });

    it("alerts the server's error, else 'Failed to update wishlist'", async () => {
      productApi(diary, {
        ...signedIn(),
        'GET /cart': () => ({
          data: { cart: { items: [], subtotal: 0, itemCount: 0, bulkOrder: false, shipping: 0, total: 0 } },
        }),
        'PUT /auth/wishlist': () => ({ status: 400, data: {} }),
      });
      renderApp(`/product/${diary._id}`);
      await heading('Leather Diary');
      await userEvent.setup().click(screen.getByRole('button', { name: 'Add to Wishlist' }));
      await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Failed to update wishlist'));
    });
  });

  describe('the gallery', () => {
    it('zooms the main image 2x and back', async () => {
      productApi();
      renderApp(`/product/${diary._id}`);
      await heading('Leather Diary');
      const u = userEvent.setup();
      const zoom = screen.getByRole('button', { name: 'Zoom in 2x' });
      await u.click(zoom);
      expect(zoom).toHaveAttribute('aria-pressed', 'true');
      expect(within(zoom).getByRole('img')).toHaveStyle({ transform: 'scale(2)' });
      await u.click(screen.getByRole('button', { name: 'Zoom out' }));
      expect(within(zoom).getByRole('img').style.transform).toBe('');
    });

    it('pages the thumbnails five at a time and shows the one chosen', async () => {
      productApi();
      renderApp(`/product/${diary._id}`);
      await heading('Leather Diary');
      const u = userEvent.setup();
      const thumbs = () =>
        within(screen.getByRole('list', { name: 'Product images' })).getAllByRole('button');
      expect(thumbs().map((b) => b.getAttribute('aria-label'))).toEqual([
        'Show image 1',
        'Show image 2',
        'Show image 3',
        'Show image 4',
        'Show image 5',
      ]);
      expect(screen.getByRole('button', { name: 'Previous images' })).toBeDisabled();
      await u.click(screen.getByRole('button', { name: 'Next images' }));
      expect(thumbs().map((b) => b.getAttribute('aria-label'))).toEqual(['Show image 6', 'Show image 7']);
      expect(screen.getByRole('button', { name: 'Next images' })).toBeDisabled();
      await u.click(screen.getByRole('button', { name: 'Show image 7' }));
      expect(screen.getByRole('img', { name: 'Leather Diary, image 7 of 7' })).toHaveAttribute(
        'src',
        '/uploads/diary-7.webp',
      );
    });
  });

  it('shows specifications and the shipping promises in their tabs', async () => {
    productApi(diary, publicSettings());
    renderApp(`/product/${diary._id}`);
    await heading('Leather Diary');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('tab', { name: 'Specifications' }));
    const specs = screen.getByRole('tabpanel');
    expect(specs).toHaveTextContent('SKUJK-DIARY-01');
    expect(specs).toHaveTextContent('Weight350 g');
    expect(specs).toHaveTextContent('Dimensions21 × 15 × 2 cm');
    await u.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Shipping' })).toHaveAttribute('aria-selected', 'true');
    const shipping = screen.getByRole('tabpanel');
    expect(shipping).toHaveTextContent('Standard delivery: 3-5 business days');
    await waitFor(() => expect(shipping).toHaveTextContent('Express delivery: 1-2 business days, ₹200'));
    expect(shipping).toHaveTextContent('Cash on delivery available on orders up to ₹10,000');
    expect(shipping).toHaveTextContent('Returns accepted within 7 days of delivery');
  });

  it('promises cash on delivery in the shipping tab only while the shop offers it', async () => {
    productApi(diary, publicSettings({ codEnabled: false, expressShippingCost: 250 }));
    renderApp(`/product/${diary._id}`);
    await heading('Leather Diary');
    await userEvent.setup().click(await screen.findByRole('tab', { name: 'Shipping' }));
    const shipping = screen.getByRole('tabpanel');
    await waitFor(() => expect(shipping).toHaveTextContent('Express delivery: 1-2 business days, ₹250'));
    expect(shipping).not.toHaveTextContent('Cash on delivery');
  });

  describe('the shipping note', () => {
    it("shows a visitor, without a session, the free-shipping threshold of the shop's public settings", async () => {
      const api = productApi(diary, publicSettings({ freeShippingThreshold: 1500 }));
      renderApp(`/product/${diary._id}`);
      await heading('Leather Diary');
      expect(await screen.findByText(/on orders above ₹1,500/)).toBeInTheDocument();
      expect(api.calls('GET /settings/public')[0].headers.Authorization).toBeUndefined();
      expect(api.calls('POST /orders/quote')).toHaveLength(0);
    });

    it('shows a customer the same public figure', async () => {
      productApi(diary, {
        ...signedIn(),
        'GET /cart': () => ({
          data: { cart: { items: [], subtotal: 0, itemCount: 0, bulkOrder: false, shipping: 0, total: 0 } },
        }),
        ...publicSettings({ freeShippingThreshold: 2500 }),
      });
      renderApp(`/product/${diary._id}`);
      await heading('Leather Diary');
      expect(await screen.findByText(/on orders above ₹2,500/)).toBeInTheDocument();
    });

    it('shows no guessed figure while the settings cannot be read', async () => {
      productApi(diary, { 'GET /settings/public': () => ({ status: 503, data: { message: 'down' } }) });
      renderApp(`/product/${diary._id}`);
      await heading('Leather Diary');
      expect(screen.getByText(/Delivery in 3-5 business days/)).toBeInTheDocument();
      expect(screen.queryByText(/on orders above/)).not.toBeInTheDocument();
    });
  });
});
