import { REVENUE_COUNTS, ReviewView } from '@shop/proto';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../harness/browser';
import { Customer, eventually, payOrder, placeOrder, registerCustomer, Shop, startShop } from '../harness/shop';
import { atPath, hasText, hides, journey, openVisitor, shows, Visitor } from './support';

jest.setTimeout(180_000);

/**
 * Issue 23, in a real browser against the real backend: the product form's Undo of a deleted
 * review brings the review back as it was, or says "Failed to restore review"; the dashboard asks
 * again on every visit, so an order placed while staff were on another screen shows when they come
 * back; and every Total Revenue says what it counts.
 */
describe('the back office: Undo that undoes, a dashboard that refreshes', () => {
  let shop: Shop;
  let browser: Browser;
  let admin: Visitor;

  beforeAll(async () => {
    [shop, browser] = await Promise.all([startShop(), launchBrowser()]);
    admin = await openVisitor(browser, shop.url);
    await admin.page.goto('/admin2009/login');
    await admin.page.evaluate((token) => localStorage.setItem('adminToken', token), shop.admin);
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });

  const visitors = () => [admin];

  /** The catalog learns of a new customer by event: until then it cannot name the reviewer (503). */
  const writeReview = async (customer: Customer, productId: string, body: Record<string, unknown>): Promise<ReviewView> => {
    let review: ReviewView | undefined;
    await eventually(async () => {
      const res = await shop.http.post('/reviews', { productId, ...body }, customer.token);
      if (res.status === 201) review = res.body.review;
      return res.status !== 503;
    }, `${customer.username}'s review`);
    if (!review) throw new Error(`${customer.username}'s review was refused`);
    return review;
  };

  const reviewsOf = async (productId: string): Promise<ReviewView[]> =>
    (await shop.http.get(`/reviews/product/${productId}`)).body.reviews;

  /** The product form of this product, from the products screen as staff open it. */
  const openProductForm = async (name: string): Promise<Page> => {
    const { page } = admin;
    await page.goto('/admin2009/products');
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    await shows(page.getByRole('heading', { level: 1, name: 'Edit Product' }));
    return page;
  };

  const undoToast = (page: Page) => page.locator('.toast').filter({ hasText: 'Review deleted' });

  journey(
    "deletes a customer's review in the product form and brings it back with Undo: author, text, pros, cons, helpful votes and date",
    visitors,
    async () => {
      const product = shop.products.bottle;
      const [author, voter] = [await registerCustomer(shop, 'author'), await registerCustomer(shop, 'voter')];
      const written = await writeReview(author, product._id, {
        rating: 3,
        comment: 'Keeps water cold all day, but the lid squeaks.',
        pros: ['Cold for hours'],
        cons: ['Squeaky lid'],
      });
      await shop.http.post(`/reviews/${written._id}/helpful`, {}, voter.token);
      const before = (await reviewsOf(product._id)).find((r) => r._id === written._id)!;
      expect(before).toMatchObject({ helpfulCount: 1, pros: ['Cold for hours'], cons: ['Squeaky lid'] });

      const page = await openProductForm(product.name);
      const reviews = page.getByRole('list', { name: 'Existing reviews' });
      await shows(reviews.getByText(written.comment));
      await page.getByRole('button', { name: `Delete review by ${author.username}` }).click();
      const toast = undoToast(page);
      await shows(toast);
      await hides(reviews.getByText(written.comment));
      expect((await reviewsOf(product._id)).map((r) => r._id)).not.toContain(written._id);

      await toast.getByRole('button', { name: 'Undo' }).click();
      const restored = reviews.getByRole('listitem').filter({ hasText: written.comment });
      await shows(restored);
      await hasText(restored, author.username);
      expect(await restored.getByRole('img', { name: '3 out of 5 stars' }).count()).toBe(1);
      expect((await reviewsOf(product._id)).find((r) => r._id === written._id)).toEqual(before);
      expect(admin.errors).toEqual([]);
    },
  );

  journey(
    "says 'Failed to restore review' when Undo cannot bring the review back: its author wrote a new one meanwhile",
    visitors,
    async () => {
      const product = shop.products.diary;
      const author = await registerCustomer(shop, 'rewriter');
      const written = await writeReview(author, product._id, { rating: 2, comment: 'The cover scuffed in the first week.' });

      const page = await openProductForm(product.name);
      const reviews = page.getByRole('list', { name: 'Existing reviews' });
      await shows(reviews.getByText(written.comment));
      await page.getByRole('button', { name: `Delete review by ${author.username}` }).click();
      const toast = undoToast(page);
      await shows(toast);
      // Within the toast's five seconds, the customer reviews the product again.
      const rewritten = await writeReview(author, product._id, { rating: 4, comment: 'Replacement diary is flawless.' });

      await toast.getByRole('button', { name: 'Undo' }).click();
      await shows(page.getByRole('alert').filter({ hasText: 'Failed to restore review' }));
      await shows(reviews.getByText(rewritten.comment));
      expect(await reviews.getByText(written.comment).count()).toBe(0);
      expect((await reviewsOf(product._id)).map((r) => r._id)).toEqual(expect.not.arrayContaining([written._id]));
    },
  );

  journey(
    'shows an order placed while staff were on another screen when they come back to the dashboard, refreshing as it loads',
    visitors,
    async () => {
      const { page } = admin;
      const dashboardFigures = async () => (await shop.http.get('/admin2009/dashboard', shop.admin)).body;
      const before = await dashboardFigures();
      await page.goto('/admin2009/dashboard');
      const ordersFigure = page
        .getByLabel('Key figures')
        .locator('div')
        .filter({ has: page.getByText('Orders', { exact: true }) })
        .locator('.metric-value');
      await hasText(ordersFigure, new RegExp(`^${before.totalOrders}$`));

      const navigation = page.getByRole('navigation', { name: 'NAVIGATION' });
      await navigation.getByRole('link', { name: 'Orders' }).click();
      await atPath(page, '/admin2009/orders');

      const shopper = await registerCustomer(shop, 'dashboard');
      const placedAt = Date.now();
      const order = await placeOrder(shop, shopper, [{ product: shop.products.labels._id, quantity: 2 }]);
      await payOrder(shop, shopper, order._id);
      await eventually(async () => (await dashboardFigures()).totalOrders === before.totalOrders + 1, 'the read model to count the order');

      await navigation.getByRole('link', { name: 'Dashboard' }).click();
      await atPath(page, '/admin2009/dashboard');
      const orderId = `ORD-${order._id.slice(-8).toUpperCase()}`;
      await shows(page.getByRole('list', { name: 'Recent orders' }).getByText(orderId));
      await hasText(ordersFigure, new RegExp(`^${before.totalOrders + 1}$`));
      process.stdout.write(`the dashboard showed the order ${((Date.now() - placedAt) / 1000).toFixed(1)} s after it was placed\n`);
    },
  );

  journey('says under every Total Revenue what it counts: dashboard, orders and customers', visitors, async () => {
    const { page } = admin;
    await page.goto('/admin2009/dashboard');
    await hasText(page.getByLabel('Key figures').locator('div').filter({ hasText: 'Total Revenue' }), REVENUE_COUNTS);
    for (const [path, summary] of [
      ['/admin2009/orders', 'Order summary'],
      ['/admin2009/customers', 'Customer summary'],
    ]) {
      await page.goto(path);
      await hasText(page.getByLabel(summary).locator('div').filter({ hasText: 'Total Revenue' }), REVENUE_COUNTS);
    }
  });
});
