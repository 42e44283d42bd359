import type { Browser } from 'playwright-core';
import { INDIAN_STATES } from '@shop/proto';
import { launchBrowser } from '../harness/browser';
import { ADDRESS, PASSWORD, Shop, startShop } from '../harness/shop';
import {
  atPath,
  hasText,
  hides,
  journey,
  openVerificationLink,
  openVisitor,
  rupees,
  rupees2,
  shows,
  until,
  Visitor,
} from './support';

jest.setTimeout(180_000);

/**
 * Issue 7, first journey: a visitor browses a brand, finds a product with a typo, customizes it,
 * fills a guest cart, registers (the guest cart merges into the server's), opens the verification
 * link the shop mailed, checks out with a new address and WELCOME10, pays in the sandbox, and
 * follows the order in My Account.
 */
describe('the storefront, from browsing to tracking an order', () => {
  let shop: Shop;
  let browser: Browser;
  let shopper: Visitor;

  beforeAll(async () => {
    [shop, browser] = await Promise.all([startShop(), launchBrowser()]);
    shopper = await openVisitor(browser, shop.url);
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });

  journey(
    'a visitor browses, customizes, registers, checks out with WELCOME10, pays and tracks the order',
    () => [shopper],
    async () => {
      const { page } = shopper;
      const { lanyard, labels, diary } = shop.products;

      // Browsing one brand: its products and none of the other brand's.
      await page.goto('/products/ms');
      await shows(page.getByRole('heading', { level: 1, name: 'MS products' }));
      const results = page.getByRole('region', { name: 'Products' });
      await shows(results.getByRole('link', { name: lanyard.name }));
      await shows(results.getByRole('link', { name: labels.name }));
      await hasText(results, /Showing 3 of 3 products/);
      expect(await results.getByRole('link', { name: diary.name }).count()).toBe(0);

      // The header search forgives a typo: "lanyrd" finds the lanyard.
      const search = page.getByRole('combobox', { name: 'Search products' });
      await search.fill('lanyrd');
      const suggestions = page.getByRole('listbox', { name: 'Matching products' });
      await shows(suggestions.getByRole('option', { name: lanyard.name }));
      await suggestions.getByRole('option', { name: lanyard.name }).click();
      await atPath(page, `/product/${lanyard._id}`);
      await shows(page.getByRole('heading', { level: 1, name: lanyard.name }));

      // Customizing changes the price live: select +₹10, boolean +₹15, two multi-select values +₹20 +₹30.
      const price = page.getByTestId('unit-price');
      await hasText(price, rupees(150));
      await page.getByLabel('Strap Width').selectOption('20 mm');
      await hasText(price, rupees(160));
      await page.getByRole('checkbox', { name: /Metal Hook/ }).check();
      await hasText(price, rupees(175));
      const sides = page.getByRole('group', { name: 'Print Sides' });
      await sides.getByRole('checkbox', { name: /Front logo/ }).check();
      await sides.getByRole('checkbox', { name: /Back logo/ }).check();
      await hasText(price, rupees(225));
      await sides.getByRole('checkbox', { name: /Front logo/ }).uncheck();
      await hasText(price, rupees(205));
      await page.getByRole('button', { name: 'Increase quantity' }).click();
      await hasText(page.getByText(/Total for 2:/), rupees(410));

      // Into the guest cart, with a second, plain product.
      await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
      await shows(page.getByRole('status').filter({ hasText: 'Added to cart.' }));
      const guestLines = () =>
        page.evaluate(() => (JSON.parse(localStorage.getItem('cart') ?? '[]') as unknown[]).length);
      await until(guestLines, (n) => n === 1, 'the guest cart to be kept in browser storage');
      await page.goto(`/product/${labels._id}`);
      await shows(page.getByRole('heading', { level: 1, name: labels.name }));
      await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
      await shows(page.getByRole('status').filter({ hasText: 'Added to cart.' }));
      const nav = page.getByRole('navigation', { name: 'Main' });
      await shows(nav.getByLabel('3 items in cart'));

      await nav.getByRole('link', { name: /Cart/ }).click();
      await shows(page.getByRole('heading', { level: 1, name: 'Shopping Cart' }));
      const lanyardLine = page.getByRole('article', { name: lanyard.name });
      await hasText(lanyardLine, `${rupees(205)} each`);
      await hasText(lanyardLine, 'Strap Width: 20 mm');
      await hasText(lanyardLine, 'Metal Hook: Yes');
      await hasText(lanyardLine, 'Print Sides: Back logo');
      expect(await guestLines()).toBe(2);

      // A visitor is asked to sign in to check out; they register instead.
      await page.getByRole('link', { name: 'Login to Checkout' }).click();
      await atPath(page, '/login');
      await page.getByRole('link', { name: 'Create an account' }).click();
      await shows(page.getByRole('heading', { level: 1, name: 'Create an account' }));
      const username = `asha${Date.now().toString(36)}`;
      await page.getByLabel('Username', { exact: true }).fill(username);
      await page.getByLabel('Email', { exact: true }).fill(`${username}@example.com`);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Create Account' }).click();
      await atPath(page, '/checkout');

      // The guest cart is now the customer's server cart, and browser storage is emptied.
      await shows(page.getByRole('heading', { level: 1, name: 'Checkout' }));
      await until(
        () => page.evaluate(() => localStorage.getItem('cart')),
        (cart) => cart === '[]',
        'the guest cart to be emptied',
      );
      const token = await page.evaluate(() => localStorage.getItem('token'));
      const server = await shop.http.get('/cart', token!);
      const serverLines = server.body.cart.items.map(
        (i: { product: { name: string }; quantity: number; unitPrice: number }) => [
          i.product.name,
          i.quantity,
          i.unitPrice,
        ],
      );
      expect(serverLines).toEqual(
        expect.arrayContaining([
          [lanyard.name, 2, 205],
          [labels.name, 1, 450],
        ]),
      );
      await shows(nav.getByLabel('3 items in cart'));

      // The shop asks new accounts to verify their address before checkout: the shopper opens the
      // link it mailed them in another tab, and comes back to checkout.
      await openVerificationLink(shopper, shop.backend, `${username}@example.com`);

      // A new address: the 32 states, then city suggestions for the chosen state.
      await page.getByRole('button', { name: 'Add New Address' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add New Address' });
      await shows(dialog);
      await dialog.getByLabel('Full name').fill(ADDRESS.name);
      await dialog.getByLabel('Phone').fill(ADDRESS.phone);
      await dialog.getByLabel('Street address').fill(ADDRESS.street);
      const states = await dialog.getByLabel('State').locator('option').allInnerTexts();
      expect(states.slice(1)).toEqual([...INDIAN_STATES]);
      expect(states.slice(1)).toHaveLength(32);
      await dialog.getByLabel('State').selectOption(ADDRESS.state);
      await dialog.getByRole('combobox', { name: 'City' }).fill('ben');
      const cities = dialog.getByRole('listbox', { name: 'City suggestions' });
      await shows(cities.getByRole('option', { name: ADDRESS.city }));
      await cities.getByRole('option', { name: ADDRESS.city }).click();
      await hides(cities);
      await dialog.getByLabel('Pin code').fill(ADDRESS.pinCode);
      await dialog.getByRole('button', { name: 'Save Address' }).click();
      await hides(dialog);
      const chosen = page.getByRole('radio', { name: new RegExp(ADDRESS.name) });
      await shows(chosen);
      expect(await chosen.isChecked()).toBe(true);

      // The summary is the server's quote; WELCOME10 takes 10% off.
      const summary = page.getByRole('complementary', { name: 'Order summary' });
      const subtotal = 2 * 205 + 450;
      await hasText(summary, `${lanyard.name} × 2`);
      await hasText(summary, `${labels.name} × 1`);
      await hasText(summary, `Subtotal ${rupees(subtotal)}`);
      await summary.getByLabel('Coupon code').fill('welcome10');
      await summary.getByRole('button', { name: 'Apply' }).click();
      await hasText(summary, 'Coupon (WELCOME10, 10% off)');
      await hasText(summary, `−${rupees(subtotal * 0.1)}`);
      await shows(summary.getByText('Coupon WELCOME10 applied.'));
      const total = await summary.locator('.total dd').innerText();

      // Placing the order leads to payment; the sandbox's Checkout window takes the money.
      await summary.getByRole('button', { name: 'Place Order' }).click();
      await atPath(page, /^\/payment\?orderId=/);
      const orderId = new URL(page.url()).searchParams.get('orderId')!;
      await page.getByRole('button', { name: `Pay ${total}` }).click();
      const checkout = page.getByRole('dialog', { name: 'MS & Jaksh' });
      await shows(checkout);
      await shows(checkout.getByText('Sandbox: no real money moves'));
      await checkout.getByRole('button', { name: /^Pay / }).click();

      // The confirmation: the order, paid.
      await atPath(page, `/confirmation/${orderId}`);
      await shows(page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }));
      await hasText(page.locator('.confirmation-status'), 'Paid');
      await hasText(page.getByRole('main'), `Order #${orderId.slice(-8)}`);
      await shows(nav.getByRole('link', { name: 'Cart' }));
      expect(await nav.getByLabel(/items in cart/).count()).toBe(0);

      // My Account: the order in the history, then tracked.
      await page.getByRole('link', { name: 'View My Orders' }).click();
      const card = page.getByRole('article', { name: `Order ${orderId.slice(-8)}` });
      await shows(card);
      await hasText(card, lanyard.name);
      await hasText(card, labels.name);
      await card.getByRole('button', { name: 'Track Order' }).click();
      const tracked = page.getByRole('region', { name: `Order ${orderId.slice(-8)}` });
      await shows(tracked);
      const placed = (await shop.http.get(`/orders/${orderId}`, token!)).body.order;
      expect(placed).toMatchObject({
        coupon: 'WELCOME10',
        discountAmount: subtotal * 0.1,
        paymentDetails: { status: 'paid' },
      });
      expect(rupees(placed.totalAmount)).toBe(total);
      await hasText(tracked, `Status ${placed.orderStatus}`);
      await hasText(tracked, `Total ${rupees2(placed.totalAmount)}`);
      await hasText(tracked, 'Estimated Delivery');
      const steps = await tracked.getByRole('listitem').allInnerTexts();
      expect(steps.map((s) => s.split('\n')[0])).toEqual(['Processing', 'Shipped', 'Delivered']);
      expect(shopper.alerts).toEqual([]);
    },
  );
});
