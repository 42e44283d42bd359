import jwt from 'jsonwebtoken';
import type { Page } from 'playwright-core';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '@shop/proto';
import { TEST_ADMIN, TEST_JWT_SECRET } from '../harness/backend';
import { Customer, registerCustomer } from '../harness/shop';
import {
  alerted,
  atPath,
  browserSuite,
  hasText,
  hides,
  hydrated,
  journey,
  openVisitor,
  shows,
} from './support';

jest.setTimeout(180_000);

const OFFLINE = 'You appear to be offline. Please check your internet connection.';
const UNREACHABLE = 'Unable to connect to server. Please check your internet connection and try again.';
const SERVER_ERROR = 'Server error. Please try again later.';

/**
 * Issue 22: only a 401 ends a session, in the storefront and the back office. A reload, a new tab,
 * a check that gets no answer or a server error, and a lost connection all keep the shopper signed
 * in, and the page says what failed; a session the server refuses lands on the login page with its
 * message. Offline, the pages say so instead of loading forever, and carry on when it returns.
 */
describe('sessions and a lost connection', () => {
  const suite = browserSuite();
  const { visitors } = suite;

  const current = () => visitors.slice(-1);
  const newVisitor = async () => {
    const visitor = await openVisitor(suite.browser, suite.shop.url);
    visitors.push(visitor);
    return visitor;
  };
  const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
  const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

  /** Signs in through the login page, as a shopper does. */
  const signIn = async (page: Page, customer: Customer) => {
    await page.goto('/login');
    await page.getByLabel('Email or username').fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await shows(nav(page).getByRole('link', { name: 'My Account' }));
  };
  const accountOverview = (page: Page) => page.getByRole('heading', { name: 'Account Overview' });
  const card = (page: Page, name: string) => page.getByRole('heading', { level: 3, name });

  journey(
    'My Account reloaded, opened in a new tab, or reloaded while the session check gets no answer stays signed in',
    current,
    async () => {
      const customer = await registerCustomer(suite.shop, 'reload');
      const visitor = await newVisitor();
      const { page } = visitor;
      await signIn(page, customer);
      await page.goto('/account');
      await shows(accountOverview(page));
      const token = await storedToken(page);

      await page.reload();
      await shows(accountOverview(page));
      await shows(nav(page).getByRole('link', { name: 'My Account' }));

      // The check of the stored session is cut off (a navigation, a dropped connection).
      await page.route('**/api/auth/me', (route) => route.abort('aborted'), { times: 1 });
      await page.reload();
      await alerted(visitor, UNREACHABLE);
      await shows(accountOverview(page));
      await shows(nav(page).getByRole('link', { name: 'My Account' }));
      expect(await storedToken(page)).toBe(token);

      const tab = await visitor.context.newPage();
      await tab.goto('/account');
      await shows(accountOverview(tab));
      expect(await storedToken(tab)).toBe(token);
    },
  );

  journey(
    'a server error while checking the session keeps the shopper signed in, says what failed and tries again',
    current,
    async () => {
      const customer = await registerCustomer(suite.shop, 'outage');
      const visitor = await newVisitor();
      const { page } = visitor;
      await page.goto('/terms');
      await page.evaluate((value) => localStorage.setItem('token', value), customer.token);

      // The accounts service is down: the gateway answers the session check with a 503.
      await suite.shop.backend.kill('user');
      try {
        await page.goto('/account');
        await alerted(visitor, SERVER_ERROR, 30_000);
        await shows(page.getByRole('button', { name: 'Try again' }));
        await shows(nav(page).getByRole('link', { name: 'My Account' }));
        expect(await storedToken(page)).toBe(customer.token);
      } finally {
        await suite.shop.backend.restart('user');
      }
      await page.getByRole('button', { name: 'Try again' }).click();
      await shows(accountOverview(page));
      expect(await storedToken(page)).toBe(customer.token);
    },
  );

  journey(
    'a session the server refuses sends My Account to /login?session=expired with its message, and back after sign-in',
    current,
    async () => {
      const customer = await registerCustomer(suite.shop, 'lapsed');
      const { page } = await newVisitor();
      await signIn(page, customer);
      await page.goto('/account');
      await shows(accountOverview(page));

      const expired = jwt.sign(
        { sub: customer.userId, role: 'customer', exp: Math.floor(Date.now() / 1000) - 60 },
        TEST_JWT_SECRET,
        { audience: TOKEN_AUDIENCE.customer, issuer: TOKEN_ISSUER },
      );
      await page.evaluate((value) => localStorage.setItem('token', value), expired);
      await page.reload();

      await atPath(page, '/login?session=expired');
      await shows(
        page.getByRole('status').filter({ hasText: 'Your session has expired. Please sign in again.' }),
      );
      await shows(nav(page).getByRole('link', { name: 'Sign In' }));
      expect(await storedToken(page)).toBeNull();

      await page.getByLabel('Email or username').fill(customer.email);
      await page.getByLabel('Password', { exact: true }).fill(customer.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await atPath(page, '/account');
      await shows(accountOverview(page));
    },
  );

  journey(
    'offline and back: the shopper is told, stays signed in, and the section loads once the connection returns',
    current,
    async () => {
      const customer = await registerCustomer(suite.shop, 'offline');
      const visitor = await newVisitor();
      const { page, context } = visitor;
      await signIn(page, customer);
      await page.goto('/account');
      await shows(accountOverview(page));
      await hydrated(page);
      const token = await storedToken(page);
      const content = page.getByRole('region', { name: 'Order History' });

      await context.setOffline(true);
      await page
        .getByRole('navigation', { name: 'Account sections' })
        .getByRole('button', { name: 'Order History' })
        .click();
      await alerted(visitor, OFFLINE);
      await hasText(content, OFFLINE);
      await shows(content.getByRole('button', { name: 'Try again' }));
      expect(await storedToken(page)).toBe(token);

      await context.setOffline(false);
      await shows(content.getByText('No orders yet'));
      await page.reload();
      await shows(accountOverview(page));
      expect(await storedToken(page)).toBe(token);
    },
  );

  journey(
    'offline, the product list says so instead of loading forever, and the cart, whose code came once the page had loaded, still opens',
    current,
    async () => {
      const visitor = await newVisitor();
      const { page, context } = visitor;
      await page.goto('/products');
      await shows(card(page, suite.shop.products.lanyard.name));
      // The cards are in the server's HTML: the list answers once the page has hydrated.
      await hydrated(page);

      await context.setOffline(true);
      await page.getByLabel('Category').selectOption('Stationery');
      await alerted(visitor, OFFLINE);
      await shows(page.getByRole('alert').filter({ hasText: OFFLINE }));
      await hides(page.locator('.product-card-skeleton').first());

      await context.setOffline(false);
      await shows(card(page, suite.shop.products.diary.name));
      await hides(card(page, suite.shop.products.lanyard.name));

      // The cart's page has not been opened in this visit, but its code was fetched once the page
      // had loaded: it opens without the connection.
      await page.locator('link[rel="modulepreload"][href*="/assets/cart-"]').waitFor({ state: 'attached' });
      await context.setOffline(true);
      await nav(page).getByRole('link', { name: /Cart/ }).click();
      await shows(page.getByRole('heading', { name: 'Shopping Cart' }));
      await context.setOffline(false);
    },
  );

  journey(
    'a back-office page reloaded, or reloaded while the check gets no answer, stays signed in',
    current,
    async () => {
      const { page } = await newVisitor();
      await page.goto('/admin2009/login');
      await page.getByLabel('Email').fill(TEST_ADMIN.email);
      await page.getByLabel('Password', { exact: true }).fill(TEST_ADMIN.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await atPath(page, '/admin2009/dashboard');
      await page.goto('/admin2009/orders');
      const heading = page.getByRole('heading', { level: 1, name: 'Orders' });
      await shows(heading);
      const token = await page.evaluate(() => localStorage.getItem('adminToken'));

      await page.reload();
      await shows(heading);
      await atPath(page, '/admin2009/orders');

      await page.route('**/api/admin2009/profile', (route) => route.abort('aborted'), { times: 1 });
      await page.reload();
      await shows(page.getByRole('alert').filter({ hasText: UNREACHABLE }));
      await atPath(page, '/admin2009/orders');
      expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBe(token);
      await page.getByRole('button', { name: 'Retry' }).click();
      await shows(heading);
    },
  );
});
