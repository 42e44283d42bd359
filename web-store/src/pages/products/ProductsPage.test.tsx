import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product } from '../../api/types';
import { mockApi } from '../../test/mockApi';
import { currentLocation, renderApp } from '../../test/renderApp';

function product(n: number, overrides: Partial<Product> = {}): Product {
  return {
    _id: `p${n}`,
    name: `Product ${n}`,
    description: '',
    category: 'Labels',
    brand: n % 2 ? 'ms' : 'jaksh',
    price: 100 + n,
    originalPrice: null,
    images: [`/uploads/p${n}.webp`],
    rating: 4,
    averageRating: 4,
    totalReviews: 3,
    reviewCount: 3,
    stock: 20,
    sku: null,
    weight: null,
    dimensions: null,
    tags: [],
    isNew: false,
    isBestSeller: false,
    isCustomizable: false,
    allowsImageUpload: false,
    availableSizes: [],
    turnaroundTime: null,
    lowStockThreshold: null,
    customizationOptions: [],
    customizations: [],
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T00:00:00Z',
    ...overrides,
  };
}

function page(products: Product[], pageNo = 1, hasMore = false, total = products.length) {
  return {
    data: {
      success: true,
      products,
      total,
      page: pageNo,
      limit: 24,
      hasMore,
      nextCursor: hasMore ? `c${pageNo}` : null,
    },
  };
}

const cards = () => screen.getAllByRole('article');

describe('the products page', () => {
  it('loads the first 24 products sorted by name and shows a card for each', async () => {
    const api = mockApi({ 'GET /products': () => page([product(1), product(2)]) });
    renderApp('/products');
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(api.calls('GET /products')[0].params).toEqual({ limit: 24, page: 1, sort: 'name-asc' });
    const first = within(cards()[0]);
    expect(first.getByRole('heading', { name: 'Product 1' })).toBeInTheDocument();
    expect(first.getByText('MS')).toBeInTheDocument();
    expect(first.getByText('₹101')).toBeInTheDocument();
    const img = cards()[0].querySelector('img')!;
    expect(img).toHaveAttribute('width', '320');
    expect(img).toHaveAttribute('height', '320');
  });

  it('shows skeletons while loading', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    mockApi({
      'GET /products': async () => {
        await gate;
        return page([product(1)]);
      },
    });
    renderApp('/products');
    expect(await screen.findByRole('status', { name: 'Loading products' })).toBeInTheDocument();
    act(() => release());
    await waitFor(() => expect(cards()).toHaveLength(1));
  });

  it("shows the server's error text with Try again, which loads again", async () => {
    let fail = true;
    mockApi({
      'GET /products': () =>
        fail ? { status: 400, data: { message: 'minPrice must be 0 or more' } } : page([product(1)]),
    });
    renderApp('/products');
    expect(await screen.findByText('minPrice must be 0 or more')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
  });

  it("falls back to 'Failed to load products. Please try again later.'", async () => {
    mockApi({ 'GET /products': () => ({ status: 500, data: {} }) });
    renderApp('/products');
    expect(await screen.findByText('Failed to load products. Please try again later.')).toBeInTheDocument();
    expect(window.alert).toHaveBeenCalledWith('Server error. Please try again later.');
  });

  it('says when nothing matches', async () => {
    mockApi({ 'GET /products': () => page([]) });
    renderApp('/products');
    expect(await screen.findByText('No products found.')).toBeInTheDocument();
  });

  it('lists one brand at /products/jaksh and marks its pill', async () => {
    const api = mockApi({ 'GET /products': () => page([product(2)]) });
    renderApp('/products/jaksh');
    expect(await screen.findByRole('heading', { level: 1, name: 'Jaksh products' })).toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET /products')[0]?.params.brand).toBe('jaksh'));
    const pills = screen.getByRole('navigation', { name: 'Brands' });
    expect(within(pills).getByRole('link', { name: 'Jaksh' })).toHaveAttribute('aria-current', 'page');
    expect(within(pills).getByRole('link', { name: 'MS' })).toHaveAttribute('href', '/products/ms');
    expect(within(pills).getByRole('link', { name: 'All' })).toHaveAttribute('href', '/products');
  });

  it('filters by category, rating and sort through the address bar', async () => {
    const api = mockApi({ 'GET /products': () => page([product(1)]) });
    renderApp('/products');
    const u = userEvent.setup();
    await waitFor(() => expect(cards()).toHaveLength(1));
    await u.selectOptions(screen.getByLabelText('Category'), 'Drinkware');
    await u.selectOptions(screen.getByLabelText('Customer rating'), '4');
    await u.selectOptions(screen.getByLabelText('Sort by'), 'price-desc');
    await waitFor(() =>
      expect(currentLocation()).toBe('/products?category=Drinkware&minRating=4&sort=price-desc'),
    );
    await waitFor(() =>
      expect(api.requests.at(-1)?.params).toEqual({
        limit: 24,
        page: 1,
        category: 'Drinkware',
        minRating: 4,
        sort: 'price-desc',
      }),
    );
  });

  it('offers the five sorts with name A to Z first', async () => {
    mockApi({ 'GET /products': () => page([]) });
    renderApp('/products');
    const sort = await screen.findByLabelText('Sort by');
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value),
    ).toEqual(['name-asc', 'name-desc', 'price-asc', 'price-desc', 'newest']);
    expect(sort).toHaveValue('name-asc');
    expect(screen.getByLabelText('Customer rating')).toHaveValue('0');
  });

  it('keeps the minimum price at or below the maximum', async () => {
    mockApi({ 'GET /products': () => page([]) });
    renderApp('/products?maxPrice=500');
    const u = userEvent.setup();
    const min = await screen.findByLabelText('Minimum price');
    await u.type(min, '800');
    await u.tab();
    await waitFor(() => expect(currentLocation()).toBe('/products?minPrice=800&maxPrice=800'));
    expect(screen.getByLabelText('Maximum price')).toHaveValue(800);
    const max = screen.getByLabelText('Maximum price');
    await u.clear(max);
    await u.type(max, '300{Enter}');
    await waitFor(() => expect(currentLocation()).toBe('/products?minPrice=300&maxPrice=300'));
  });

  it('searches within products once typing pauses', async () => {
    const api = mockApi({ 'GET /products': () => page([]) });
    renderApp('/products');
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('Search in products'), 'mug');
    await waitFor(() => expect(currentLocation()).toBe('/products?search=mug'));
    await waitFor(() => expect(api.requests.at(-1)?.params.search).toBe('mug'));
    expect(api.calls('GET /products').filter((r) => r.params.search === 'mu')).toHaveLength(0);
  });

  it('shows a chip per filter, removes one, and clears all', async () => {
    mockApi({ 'GET /products': () => page([product(1)]) });
    renderApp('/products/ms?category=Labels&minRating=3');
    const u = userEvent.setup();
    const chips = await screen.findByRole('list', { name: 'Active filters' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Brand: MS ×', 'Category: Labels ×', '3★ & up ×', 'Clear all']);
    await u.click(within(chips).getByRole('button', { name: 'Remove filter Category: Labels' }));
    await waitFor(() => expect(currentLocation()).toBe('/products/ms?minRating=3'));
    await u.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(currentLocation()).toBe('/products'));
    expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull();
  });

  it('toggles the filter panel for small screens', async () => {
    mockApi({ 'GET /products': () => page([]) });
    renderApp('/products');
    const u = userEvent.setup();
    const toggle = await screen.findByRole('button', { name: /Filters/ });
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(panel).not.toHaveClass('open');
    await u.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toHaveClass('open');
  });

  it('loads the next 24 when the shopper asks for more, continuing from the cursor', async () => {
    const first = Array.from({ length: 24 }, (_, i) => product(i + 1));
    const api = mockApi({
      'GET /products': (req) =>
        req.params.page === 1 ? page(first, 1, true, 25) : page([product(25)], 2, false, 25),
    });
    renderApp('/products');
    const u = userEvent.setup();
    await waitFor(() => expect(cards()).toHaveLength(24));
    expect(screen.getByText('Showing 24 of 25 products')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Load more products' }));
    await waitFor(() => expect(cards()).toHaveLength(25));
    expect(api.calls('GET /products')[1].params).toMatchObject({ page: 2, cursor: 'c1', limit: 24 });
    expect(screen.queryByRole('button', { name: 'Load more products' })).toBeNull();
  });

  describe("a card's cart button", () => {
    it('cycles Add to Cart, Added for 1.2 s, then Remove from Cart', async () => {
      mockApi({ 'GET /products': () => page([product(1)]) });
      renderApp('/products');
      const u = userEvent.setup();
      const add = await screen.findByRole('button', { name: 'Add to Cart for Product 1' });
      vi.useFakeTimers({ shouldAdvanceTime: true });
      try {
        await u.click(add);
        expect(screen.getByRole('button', { name: 'Added' })).toBeInTheDocument();
        expect(JSON.parse(localStorage.getItem('cart')!)).toMatchObject([
          {
            productId: 'p1',
            quantity: 1,
            customization: {},
            product: { _id: 'p1', name: 'Product 1', price: 101 },
          },
        ]);
        const nav = screen.getByRole('navigation', { name: 'Main' });
        expect(within(nav).getByLabelText('1 items in cart')).toBeInTheDocument();
        act(() => vi.advanceTimersByTime(1100));
        expect(screen.getByRole('button', { name: 'Added' })).toBeInTheDocument();
        act(() => vi.advanceTimersByTime(150));
        const remove = screen.getByRole('button', { name: 'Remove from Cart for Product 1' });
        expect(remove).toHaveTextContent(/^Remove from Cart/);
        await u.click(remove);
        expect(screen.getByRole('button', { name: 'Add to Cart for Product 1' })).toBeInTheDocument();
        expect(JSON.parse(localStorage.getItem('cart')!)).toEqual([]);
      } finally {
        vi.useRealTimers();
      }
    });

    it('cannot add a product that is out of stock', async () => {
      mockApi({ 'GET /products': () => page([product(1, { stock: 0 })]) });
      renderApp('/products');
      expect(await screen.findByRole('button', { name: 'Out of Stock' })).toBeDisabled();
    });
  });
});
