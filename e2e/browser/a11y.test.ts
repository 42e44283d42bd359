import axe from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import { ACCOUNT_SECURITY_MESSAGES } from '@shop/proto';
import { launchBrowser } from '../harness/browser';
import {
  addAddress,
  Customer,
  payOrder,
  placeOrder,
  PlacedOrder,
  registerCustomer,
  Shop,
  startShop,
} from '../harness/shop';
import { hasText, journey, openVisitor, shows, signInToStore, until, Visitor } from './support';

jest.setTimeout(180_000);

/** Issue 31: a desktop, and a phone the size of a Pixel 7 (412 × 823 CSS pixels). */
const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 412, height: 823 },
} as const;

/** The rules that test WCAG 2.0 and 2.1, levels A and AA; axe's best practices are not among them. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** Runs axe-core's WCAG 2.1 A and AA rules over the page and answers each violation, readably. */
async function wcagViolations(page: Page): Promise<string[]> {
  // Evaluated rather than added as an inline <script>, which the pages' Content-Security-Policy blocks.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async (tags) => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return result.violations as unknown as Violation[];
  }, WCAG_21_AA);
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}; ${v.nodes.length} node(s):\n` +
      v.nodes
        .map((n) => `  ${JSON.stringify(n.target)}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ').trim()}`)
        .join('\n'),
  );
}

/** Who looks at a screen: each is one browser context with one page, reused from screen to screen. */
type Person = 'guest' | 'customer' | 'newcomer' | 'staff';

interface Screen {
  app: 'storefront' | 'back office';
  name: string;
  by: Person;
  /** Opens the screen and waits until it shows what it is for. */
  open(page: Page): Promise<void>;
}

/**
 * Issue 31: axe-core's WCAG 2.1 A and AA rules find nothing on any screen of either app, at desktop
 * and phone widths, signed in or not: the storefront's pages (with issue 7's and issue 30's states:
 * checkout's payment choice and a refused GSTIN, the verification banner, a dead verification link)
 * and every back-office screen, its modals and each tab of its reports and settings.
 */
describe('accessibility of every screen of both apps (axe-core, WCAG 2.1 A and AA)', () => {
  let shop: Shop;
  let browser: Browser;
  /** Verified, with an address, a paid order, a review, a wishlist and a cart. */
  let customer: Customer;
  /** A new account that has not opened its verification link yet. */
  let newcomer: Customer;
  let order: PlacedOrder;
  const people = new Map<Person, Visitor>();

  beforeAll(async () => {
    [shop, browser] = await Promise.all([startShop(), launchBrowser()]);
    [customer, newcomer] = await Promise.all([
      registerCustomer(shop, 'axe'),
      registerCustomer(shop, 'axenew', { verified: false }),
    ]);
    const { lanyard, diary, labels } = shop.products;
    await addAddress(shop, customer);
    order = await placeOrder(shop, customer, [
      { product: diary._id, quantity: 1 },
      { product: labels._id, quantity: 2 },
    ]);
    await payOrder(shop, customer, order._id);
    const setUp = await Promise.all([
      shop.http.post(
        '/reviews',
        { productId: lanyard._id, rating: 4, comment: 'Sharp print, sturdy clip.', pros: [], cons: [] },
        customer.token,
      ),
      shop.http.put('/auth/wishlist', { productId: diary._id }, customer.token),
      shop.http.post('/cart', { productId: lanyard._id, quantity: 2, customization: {} }, customer.token),
    ]);
    for (const res of setUp) expect(res.status).toBeLessThan(300);
  });
  afterAll(async () => {
    await Promise.all([...people.values()].map((visitor) => visitor.context.close()));
    await browser?.close();
    await shop?.stop();
  });

  /** The person's page at this size, signed in to the app their screens belong to on first use. */
  const pageOf = async (person: Person, viewport: { width: number; height: number }): Promise<Page> => {
    let visitor = people.get(person);
    if (!visitor) {
      // Colours are checked at rest: mid-fade text (the executives' carousel) is not what anyone reads.
      visitor = await openVisitor(browser, shop.url, { viewport, reducedMotion: 'reduce' });
      people.set(person, visitor);
      if (person === 'customer') await signInToStore(visitor, customer.token);
      if (person === 'newcomer') await signInToStore(visitor, newcomer.token);
    }
    await visitor.page.setViewportSize(viewport);
    return visitor.page;
  };

  /**
   * A back-office screen, once the staff member is signed in; its heading unless a dialog opens
   * over it at once (the rest of the page is then hidden from assistive technology).
   */
  const backOffice = async (page: Page, path: string, heading?: string | RegExp) => {
    const signedIn =
      page.url().startsWith(shop.url) && (await page.evaluate(() => localStorage.getItem('adminToken')));
    if (!signedIn) {
      await page.goto('/admin2009/login');
      await page.evaluate((token) => localStorage.setItem('adminToken', token), shop.admin);
    }
    await page.goto(`/admin2009${path}`);
    if (heading) await shows(page.getByRole('heading', { level: 1, name: heading }));
  };

  /** The report of this type, once every section it has is drawn (and none of the type before). */
  const report = async (page: Page, type: string, sections: string[]) => {
    await backOffice(page, '/reports', 'Reports & Analytics');
    await page.getByLabel('Report Type').selectOption({ label: type });
    const report = page.locator('.report[aria-busy="false"]');
    await until(
      async () => (await report.getByRole('heading', { level: 2 }).allInnerTexts()).sort(),
      (shown) => JSON.stringify(shown) === JSON.stringify([...sections].sort()),
      `the ${type} report's sections ${sections.join(', ')}`,
    );
  };

  const productPage = async (page: Page) => {
    const { lanyard } = shop.products;
    await page.goto(`/product/${lanyard._id}`);
    await shows(page.getByRole('heading', { level: 1, name: lanyard.name }));
    // The reviews and their form load as the shopper scrolls near them.
    const reviews = page.getByRole('region', { name: 'Customer reviews' });
    await reviews.scrollIntoViewIfNeeded();
    await shows(reviews.getByRole('article', { name: `Review by ${customer.username}` }));
    await shows(page.getByRole('form', { name: 'Write a review' }));
  };

  /** An id of the catalog's shape that no product has. */
  const missingProduct = () => shop.products.lanyard._id.replace(/[0-9a-f]/g, '0');

  const accountSection = async (page: Page, section: string, shown: () => Promise<unknown>) => {
    await page.goto('/account');
    const sections = page.getByRole('navigation', { name: 'Account sections' });
    await sections.getByRole('button', { name: section }).click();
    await shown();
  };

  /** The storefront's screens, then the back office's, as each person sees them. */
  const SCREENS: Screen[] = [
    ...(['guest', 'customer'] as const).flatMap((by): Screen[] => [
      {
        app: 'storefront',
        name: 'home',
        by,
        open: async (page) => {
          await page.goto('/');
          await shows(page.getByRole('heading', { level: 1 }));
        },
      },
      {
        app: 'storefront',
        name: 'all products',
        by,
        open: async (page) => {
          await page.goto('/products');
          await hasText(page.getByRole('region', { name: 'Products' }), /Showing 6 of 6 products/);
        },
      },
      {
        app: 'storefront',
        name: "a brand's products, searched",
        by,
        open: async (page) => {
          await page.goto('/products/jaksh?search=diary');
          await shows(page.getByRole('link', { name: new RegExp(shop.products.diary.name) }).first());
        },
      },
      { app: 'storefront', name: 'product, with its reviews', by, open: productPage },
      {
        app: 'storefront',
        name: 'product that does not exist',
        by,
        open: async (page) => {
          await page.goto(`/product/${missingProduct()}`);
          await shows(page.getByRole('heading', { level: 1, name: 'Product Not Found' }));
        },
      },
      {
        app: 'storefront',
        name: 'terms',
        by,
        open: async (page) => {
          await page.goto('/terms');
          await shows(page.getByRole('heading', { level: 1, name: 'Terms & Conditions' }));
        },
      },
      {
        app: 'storefront',
        name: 'privacy',
        by,
        open: async (page) => {
          await page.goto('/privacy');
          await shows(page.getByRole('heading', { level: 1, name: 'Privacy Policy' }));
        },
      },
    ]),
    {
      app: 'storefront',
      name: 'cart, with a line added on the product page',
      by: 'guest',
      open: async (page) => {
        const { labels } = shop.products;
        await page.goto(`/product/${labels._id}`);
        await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
        await shows(page.getByRole('status').filter({ hasText: 'Added to cart.' }));
        await page.getByRole('link', { name: 'View cart' }).click();
        await shows(page.getByRole('article', { name: labels.name }));
      },
    },
    {
      app: 'storefront',
      name: 'sign in',
      by: 'guest',
      open: async (page) => {
        await page.goto('/login');
        await shows(page.getByRole('heading', { level: 1, name: 'Sign in' }));
      },
    },
    {
      app: 'storefront',
      name: 'register',
      by: 'guest',
      open: async (page) => {
        await page.goto('/register');
        await shows(page.getByRole('heading', { level: 1, name: 'Create an account' }));
      },
    },
    {
      app: 'storefront',
      name: 'forgot password',
      by: 'guest',
      open: async (page) => {
        await page.goto('/forgot-password');
        await shows(page.getByRole('heading', { level: 1, name: 'Forgot password' }));
      },
    },
    {
      app: 'storefront',
      name: 'cart',
      by: 'customer',
      open: async (page) => {
        await page.goto('/cart');
        await shows(page.getByRole('article', { name: shop.products.lanyard.name }));
      },
    },
    {
      app: 'storefront',
      name: 'checkout, with cash on delivery chosen and a GST invoice refused',
      by: 'customer',
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
      app: 'storefront',
      name: 'a paid order',
      by: 'customer',
      open: async (page) => {
        await page.goto(`/confirmation/${order._id}`);
        await shows(page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }));
        await shows(page.getByText(shop.products.diary.name).first());
      },
    },
    {
      app: 'storefront',
      name: 'my account: overview',
      by: 'customer',
      open: async (page) => {
        await page.goto('/account');
        await shows(page.getByRole('heading', { level: 2, name: 'Account Overview' }));
      },
    },
    {
      app: 'storefront',
      name: 'my account: order history',
      by: 'customer',
      open: (page) =>
        accountSection(page, 'Order History', () =>
          shows(page.getByRole('article', { name: `Order ${order._id.slice(-8)}` })),
        ),
    },
    {
      app: 'storefront',
      name: 'my account: wishlist',
      by: 'customer',
      open: (page) =>
        accountSection(page, 'My Wishlist', () =>
          shows(page.getByRole('article', { name: shop.products.diary.name })),
        ),
    },
    {
      app: 'storefront',
      name: 'my account: addresses',
      by: 'customer',
      open: (page) =>
        accountSection(page, 'Manage Addresses', () =>
          shows(page.getByRole('listitem', { name: 'Address of Asha Kulkarni' })),
        ),
    },
    {
      app: 'storefront',
      name: 'my account: an order tracked',
      by: 'customer',
      open: (page) =>
        accountSection(page, 'Track Your Order', async () => {
          await page.getByLabel('Order ID').fill(order._id);
          await page.getByRole('button', { name: 'Track', exact: true }).click();
          await shows(page.getByRole('region', { name: `Order ${order._id.slice(-8)}` }));
        }),
    },
    {
      app: 'storefront',
      name: 'my account: help and FAQs',
      by: 'customer',
      open: (page) =>
        accountSection(page, 'Help & FAQs', () =>
          shows(page.getByRole('heading', { level: 2, name: 'Help & FAQs' })),
        ),
    },
    {
      app: 'storefront',
      name: 'my account: settings',
      by: 'customer',
      open: (page) =>
        accountSection(page, 'Settings', () =>
          shows(page.getByRole('heading', { level: 2, name: 'Settings' })),
        ),
    },
    {
      app: 'storefront',
      name: 'my account, asking to verify the e-mail address',
      by: 'newcomer',
      open: async (page) => {
        await page.goto('/account');
        const banner = page.getByRole('region', { name: 'E-mail verification' });
        await shows(banner.getByRole('button', { name: 'Resend link' }));
      },
    },
    {
      app: 'storefront',
      name: 'verify e-mail, with a link that does not work',
      by: 'newcomer',
      open: async (page) => {
        await page.goto('/verify-email?token=not-a-token');
        await shows(
          page.getByRole('alert').filter({ hasText: ACCOUNT_SECURITY_MESSAGES.verificationLinkInvalid }),
        );
        await shows(page.getByRole('button', { name: 'Resend verification link' }));
      },
    },

    {
      app: 'back office',
      name: 'login',
      by: 'staff',
      open: async (page) => {
        await page.goto('/admin2009/login');
        await page.evaluate(() => localStorage.removeItem('adminToken'));
        await page.reload();
        await shows(page.getByRole('heading', { level: 1, name: 'Admin Login' }));
      },
    },
    {
      app: 'back office',
      name: 'dashboard, with its charts',
      by: 'staff',
      open: async (page) => {
        await backOffice(page, '/dashboard', 'Dashboard');
        await shows(page.getByRole('figure', { name: /^Revenue per/ }));
        await shows(page.getByRole('figure', { name: 'Share of items sold by category' }));
        await shows(page.getByRole('list', { name: 'Recent orders' }));
      },
    },
    {
      app: 'back office',
      name: 'orders',
      by: 'staff',
      open: async (page) => {
        await backOffice(page, '/orders', 'Orders');
        await shows(page.getByRole('row').filter({ hasText: `ORD-${order._id.slice(-8).toUpperCase()}` }));
      },
    },
    {
      app: 'back office',
      name: "an order's details",
      by: 'staff',
      open: async (page) => {
        await backOffice(page, `/orders/${order._id}`);
        const details = page.getByRole('dialog', { name: 'Order Details' });
        await hasText(details, shop.products.diary.name);
        await hasText(details, customer.email);
      },
    },
    {
      app: 'back office',
      name: 'products',
      by: 'staff',
      open: async (page) => {
        await backOffice(page, '/products', 'Products');
        await shows(page.getByRole('row').filter({ hasText: shop.products.penSet.name }));
      },
    },
    {
      app: 'back office',
      name: 'new product, with the customization library',
      by: 'staff',
      open: async (page) => {
        await backOffice(page, '/products', 'Products');
        await page.getByRole('button', { name: 'Add New Product' }).click();
        await shows(page.getByRole('heading', { level: 1, name: 'Add New Product' }));
        const library = page.getByRole('list', { name: 'Customization library' });
        await shows(library.getByRole('checkbox', { name: shop.customizations.width.name }));
      },
    },
    {
      app: 'back office',
      name: 'new customization, over the product form',
      by: 'staff',
      open: async (page) => {
        await backOffice(page, '/products', 'Products');
        await page.getByRole('button', { name: 'Add New Product' }).click();
        await page.getByRole('button', { name: 'New Customization' }).click();
        const modal = page.getByRole('dialog', { name: 'New Customization' });
        await modal.getByLabel('Type *').selectOption('select');
        await modal.getByRole('button', { name: 'Add Option' }).click();
        await shows(modal.getByLabel('Option 1 value'));
      },
    },
    {
      app: 'back office',
      name: 'a product edited, with its reviews and reorders',
      by: 'staff',
      open: async (page) => {
        const { lanyard } = shop.products;
        await backOffice(page, '/products', 'Products');
        await page.getByRole('button', { name: `Edit ${lanyard.name}` }).click();
        await shows(page.getByRole('heading', { level: 1, name: 'Edit Product' }));
        await hasText(page.getByRole('region', { name: 'Existing Reviews' }), 'Sharp print, sturdy clip.');
      },
    },
    {
      app: 'back office',
      name: 'customers',
      by: 'staff',
      open: async (page) => {
        await backOffice(page, '/customers', 'Customers');
        await shows(page.getByRole('button', { name: `View ${customer.username}` }));
      },
    },
    {
      app: 'back office',
      name: "a customer's summary",
      by: 'staff',
      open: async (page) => {
        await backOffice(page, '/customers', 'Customers');
        await page.getByRole('button', { name: `View ${customer.username}` }).click();
        const modal = page.getByRole('dialog', { name: customer.username });
        await shows(modal.getByRole('heading', { name: 'Purchase Summary' }));
        await hasText(modal, `ORD-${order._id.slice(-8).toUpperCase()}`);
      },
    },
    {
      app: 'back office',
      name: "a customer's details",
      by: 'staff',
      open: async (page) => {
        await backOffice(page, `/customers/${customer.userId}`, customer.username);
        await shows(page.getByRole('list', { name: 'Addresses' }));
      },
    },
    {
      app: 'back office',
      name: 'reports: overview',
      by: 'staff',
      open: (page) =>
        report(page, 'Overview', [
          'Revenue',
          'Customer Segments',
          'Category Performance',
          'Top Products',
          'Monthly Comparison',
        ]),
    },
    {
      app: 'back office',
      name: 'reports: sales',
      by: 'staff',
      open: (page) => report(page, 'Sales', ['Revenue', 'Monthly Comparison', 'Payments']),
    },
    {
      app: 'back office',
      name: 'reports: products',
      by: 'staff',
      open: (page) => report(page, 'Products', ['Category Performance', 'Top Products']),
    },
    {
      app: 'back office',
      name: 'reports: customers',
      by: 'staff',
      open: (page) => report(page, 'Customers', ['Customer Segments']),
    },
    {
      app: 'back office',
      name: 'reports: inventory',
      by: 'staff',
      open: (page) => report(page, 'Inventory', ['Low and Out of Stock']),
    },
    ...['Business', 'Payments', 'Inventory', 'Notifications', 'Security', 'System'].map((tab): Screen => ({
      app: 'back office',
      name: `settings: ${tab.toLowerCase()}`,
      by: 'staff',
      open: async (page) => {
        await backOffice(page, '/settings', 'Settings');
        await page.getByRole('tab', { name: tab }).click();
        await shows(page.getByRole('tabpanel', { name: tab }));
      },
    })),
  ];

  const WHO: Record<Person, string> = {
    guest: 'signed out',
    customer: 'signed in',
    newcomer: 'signed in',
    staff: 'staff',
  };
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    describe(`at ${size} size (${viewport.width}×${viewport.height})`, () => {
      for (const screen of SCREENS) {
        journey(
          `${screen.app}: ${screen.name} (${WHO[screen.by]}) has no WCAG 2.1 A or AA violations`,
          () => [...people.values()],
          async () => {
            const page = await pageOf(screen.by, viewport);
            await screen.open(page);
            expect(await wcagViolations(page)).toEqual([]);
          },
        );
      }

      journey(
        "back office: the keyboard's focus is never hidden under the sticky header or the product form's Save bar",
        () => [...people.values()],
        async () => {
          const page = await pageOf('staff', viewport);
          await backOffice(page, '/products', 'Products');
          await page.getByRole('button', { name: 'Add New Product' }).click();
          await shows(page.getByRole('heading', { level: 1, name: 'Add New Product' }));
          await page.locator('main').focus();
          const covered: string[] = [];
          /** Where the focus is: in a sticky band, or in the page between them and whether all of it shows. */
          const focusSeen = () =>
            page.evaluate(() => {
              const focused = document.activeElement;
              if (!focused || focused === document.body) return { in: 'nothing' };
              if (focused.closest('.form-footer')) return { in: 'save bar' };
              if (focused.closest('.admin-header, .sidebar, .skip-link')) return { in: 'header' };
              const box = focused.getBoundingClientRect();
              const top = document.querySelector('.admin-header')!.getBoundingClientRect().bottom;
              const bottom = Math.min(
                document.querySelector('.form-footer')!.getBoundingClientRect().top,
                window.innerHeight,
              );
              const name = focused.getAttribute('aria-label') || focused.id || focused.textContent;
              return box.top >= top && box.bottom <= bottom
                ? { in: 'page' }
                : {
                    in: 'page',
                    hidden: `${focused.tagName} "${name}" at ${Math.round(box.top)}–${Math.round(box.bottom)} px, the page shows ${Math.round(top)}–${Math.round(bottom)} px`,
                  };
            });
          // Down the form to its Save bar, then back up to the header.
          for (const [key, end] of [
            ['Tab', 'save bar'],
            ['Shift+Tab', 'header'],
          ]) {
            for (let step = 0; ; step += 1) {
              expect(step).toBeLessThan(100);
              await page.keyboard.press(key);
              const seen = await focusSeen();
              if (seen.hidden) covered.push(`${key}: ${seen.hidden}`);
              if (seen.in === end) break;
            }
          }
          expect(covered).toEqual([]);
        },
      );
    });
  }
});
