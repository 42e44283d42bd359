import type { Browser, Page } from 'playwright-core';
import { ACCOUNT_SECURITY_MESSAGES } from '@shop/proto';
import { launchBrowser } from '../harness/browser';
import { addAddress, Customer, registerCustomer, Shop, startShop } from '../harness/shop';
import { hasText, journey, openVisitor, seriousViolations, shows, Visitor } from './support';

jest.setTimeout(180_000);

const VIEWPORTS = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 360, height: 740 },
} as const;

/**
 * Issue 7, must show 4: no serious or critical axe-core violations on the storefront's home,
 * products, product detail, cart, checkout and login pages, at desktop and phone widths; and issue
 * 30's: checkout's delivery, payment and GST invoice sections, the account's verification banner
 * and the verify-email page. (The back office's new screens are checked in their journeys.)
 */
describe('accessibility of the storefront (axe-core)', () => {
  let shop: Shop;
  let browser: Browser;
  let customer: Customer;
  /** A new account that has not opened its verification link yet. */
  let unverified: Customer;
  const visitors: Visitor[] = [];

  beforeAll(async () => {
    [shop, browser] = await Promise.all([startShop(), launchBrowser()]);
    [customer, unverified] = await Promise.all([
      registerCustomer(shop, 'axe'),
      registerCustomer(shop, 'axeunverified', { verified: false }),
    ]);
    await addAddress(shop, customer);
    const added = await shop.http.post(
      '/cart',
      { productId: shop.products.lanyard._id, quantity: 2, customization: {} },
      customer.token,
    );
    expect(added.status).toBe(200);
  });
  afterEach(async () => {
    await Promise.all(visitors.splice(0).map((v) => v.context.close()));
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });

  /** Each page, and how to know it has finished loading. `signedIn` pages use that customer's token. */
  const PAGES: { name: string; signedIn?: () => Customer; open(page: Page): Promise<void> }[] = [
    {
      name: 'home',
      open: async (page) => {
        await page.goto('/');
        await shows(page.getByRole('heading', { level: 1 }));
      },
    },
    {
      name: 'products',
      open: async (page) => {
        await page.goto('/products');
        await hasText(page.getByRole('region', { name: 'Products' }), /Showing 6 of 6 products/);
      },
    },
    {
      name: 'product detail',
      open: async (page) => {
        await page.goto(`/product/${shop.products.lanyard._id}`);
        await shows(page.getByRole('heading', { level: 1, name: shop.products.lanyard.name }));
        // The reviews and their form load as the shopper scrolls near them.
        await page.getByRole('heading', { name: 'Customer reviews' }).scrollIntoViewIfNeeded();
        await shows(page.getByRole('form', { name: 'Write a review' }));
      },
    },
    {
      name: 'cart',
      open: async (page) => {
        await page.goto(`/product/${shop.products.labels._id}`);
        await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
        await shows(page.getByRole('status').filter({ hasText: 'Added to cart.' }));
        await page.getByRole('link', { name: 'View cart' }).click();
        await shows(page.getByRole('article', { name: shop.products.labels.name }));
      },
    },
    {
      name: 'checkout, with cash on delivery chosen and a GST invoice refused',
      signedIn: () => customer,
      open: async (page) => {
        await page.goto('/checkout');
        await shows(page.getByRole('heading', { level: 1, name: 'Checkout' }));
        await shows(page.getByRole('radio', { name: /Asha Kulkarni/ }));
        const summary = page.getByRole('complementary', { name: 'Order summary' });
        await hasText(summary, 'Total');
        await page.getByRole('radio', { name: /Cash on delivery/ }).check();
        await hasText(summary, 'in cash when your order arrives');
        await page.getByRole('checkbox', { name: 'Need a GST invoice?' }).check();
        await page.getByLabel('GSTIN', { exact: true }).fill('29ABC');
        await summary.getByRole('button', { name: 'Place Order' }).click();
        await shows(page.getByRole('alert').filter({ hasText: 'GSTIN must be 15 characters' }));
      },
    },
    {
      name: 'my account, asking to verify the e-mail address',
      signedIn: () => unverified,
      open: async (page) => {
        await page.goto('/account');
        const banner = page.getByRole('region', { name: 'E-mail verification' });
        await shows(banner.getByRole('button', { name: 'Resend link' }));
      },
    },
    {
      name: 'verify e-mail, with a link that does not work',
      signedIn: () => unverified,
      open: async (page) => {
        await page.goto('/verify-email?token=not-a-token');
        await shows(
          page.getByRole('alert').filter({ hasText: ACCOUNT_SECURITY_MESSAGES.verificationLinkInvalid }),
        );
        await shows(page.getByRole('button', { name: 'Resend verification link' }));
      },
    },
    {
      name: 'login',
      open: async (page) => {
        await page.goto('/login');
        await shows(page.getByRole('heading', { level: 1, name: 'Sign in' }));
      },
    },
  ];

  for (const [width, viewport] of Object.entries(VIEWPORTS)) {
    for (const target of PAGES) {
      journey(
        `${target.name} at ${width} width has no serious or critical violations`,
        () => visitors,
        async () => {
          // Colours are checked at rest: mid-fade (the executives' carousel) text is not what anyone reads.
          const visitor = await openVisitor(browser, shop.url, { viewport, reducedMotion: 'reduce' });
          visitors.push(visitor);
          if (target.signedIn) {
            await visitor.page.goto('/terms');
            await visitor.page.evaluate(
              (token) => localStorage.setItem('token', token),
              target.signedIn().token,
            );
          }
          await target.open(visitor.page);
          expect(await seriousViolations(visitor.page)).toEqual([]);
        },
      );
    }
  }
});
