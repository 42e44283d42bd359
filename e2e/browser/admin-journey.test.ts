import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { TEST_ADMIN } from '../harness/backend';
import { launchBrowser } from '../harness/browser';
import { Customer, payOrder, placeOrder, registerCustomer, Shop, startShop } from '../harness/shop';
import {
  alerted,
  atPath,
  hasText,
  hides,
  journey,
  openVisitor,
  rupees,
  shows,
  until,
  Visitor,
} from './support';

jest.setTimeout(180_000);

const png = (r: number, g: number, b: number) =>
  sharp({ create: { width: 96, height: 96, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

/**
 * Issue 8: the back office against the real backend, and what its changes do to the store: a new
 * product with images, tags and a customization; an order processed and tracked; the CSV export;
 * the free-shipping threshold; a deactivated customer; a deleted product brought back.
 */
describe('the back office, and the store it runs', () => {
  let shop: Shop;
  let browser: Browser;
  let admin: Visitor;
  const shoppers: Visitor[] = [];

  beforeAll(async () => {
    // Refunds are swept every second, so a cancelled paid order is refunded while the test looks.
    [shop, browser] = await Promise.all([
      startShop({ env: { PAYMENT_REFUND_SWEEP_SECONDS: '1' } }),
      launchBrowser(),
    ]);
    admin = await openVisitor(browser, shop.url, { acceptDownloads: true });
  });
  afterEach(async () => {
    await Promise.all(shoppers.splice(0).map((s) => s.context.close()));
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });

  const visitors = () => [admin, ...shoppers];

  /**
   * A back-office screen, freshly loaded. The first test signs in through the login page; should it
   * have failed before that, the admin's token from the API stands in, so each test runs on its own.
   */
  const backOffice = async (path: string, heading: string) => {
    const { page } = admin;
    if (!page.url().startsWith(shop.url)) await page.goto('/admin2009/login');
    const signedIn = await page.evaluate(() => localStorage.getItem('adminToken'));
    if (!signedIn) await page.evaluate((token) => localStorage.setItem('adminToken', token), shop.admin);
    await page.goto(`/admin2009${path}`);
    await shows(page.getByRole('heading', { level: 1, name: heading }));
    return page;
  };

  /** A shopper's own browser, signed in to the store with their token. */
  const shopperBrowser = async (customer?: Customer): Promise<Visitor> => {
    const visitor = await openVisitor(browser, shop.url);
    shoppers.push(visitor);
    if (customer) {
      await visitor.page.goto('/terms');
      await visitor.page.evaluate((token) => localStorage.setItem('token', token), customer.token);
    }
    return visitor;
  };

  journey(
    'an admin signs in and creates a product with two images, tags and a new customization; the store shows it',
    visitors,
    async () => {
      const { page } = admin;
      await page.goto('/admin2009/products');
      await atPath(page, '/admin2009/login');
      await page.getByLabel('Email').fill(TEST_ADMIN.email);
      await page.getByLabel('Password', { exact: true }).fill(TEST_ADMIN.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await atPath(page, '/admin2009/dashboard');
      await hasText(page.getByRole('navigation', { name: 'Breadcrumb' }), 'Admin Panel / Dashboard');
      await shows(page.getByText('Welcome back, Admin'));
      // The sidebar starts collapsed on a desktop; its footer still names the admin.
      await page.getByText(`Signed in as Admin`).waitFor({ state: 'attached' });
      await page.getByText(TEST_ADMIN.email).waitFor({ state: 'attached' });

      await page
        .getByRole('navigation', { name: 'NAVIGATION' })
        .getByRole('link', { name: 'Products' })
        .click();
      await atPath(page, '/admin2009/products');
      await page.getByRole('button', { name: 'Add New Product' }).click();
      await shows(page.getByRole('heading', { level: 1, name: 'Add New Product' }));
      const name = 'Festive Gift Hamper';
      await page.getByLabel('Product name *').fill(name);
      await page.getByLabel('Brand').selectOption('jaksh');
      await page.getByLabel('Category *').selectOption('__add_new_category__');
      await page.getByPlaceholder('New category name').fill('Gift Sets');
      await page.getByLabel('Price (₹)').fill('1499');
      await page.getByLabel('Stock').fill('40');
      await page
        .getByLabel('Description *')
        .fill('A hamper of a diary, a pen and sweets, wrapped for Diwali.');

      // Two images through the picker, previewed before they are uploaded.
      await page
        .getByLabel('Product images')
        .first()
        .setInputFiles([
          { name: 'hamper-front.png', mimeType: 'image/png', buffer: await png(200, 40, 60) },
          { name: 'hamper-open.png', mimeType: 'image/png', buffer: await png(30, 120, 200) },
        ]);
      const tiles = page.getByRole('list', { name: 'Product images' });
      await shows(tiles.getByRole('button', { name: 'Preview image 2' }));
      expect(await tiles.getByRole('listitem').count()).toBe(2);

      // Tags, one by Enter and one by the button.
      await page.getByLabel('New tag').fill('diwali');
      await page.getByLabel('New tag').press('Enter');
      await page.getByLabel('New tag').fill('corporate gifting');
      await page.getByRole('button', { name: 'Add Tag' }).click();
      const tags = page.getByRole('list', { name: 'Tags' });
      await hasText(tags, /diwali.*corporate gifting/);

      // A new customization from the modal, selected for this product at once.
      await page.getByRole('button', { name: 'New Customization' }).click();
      const modal = page.getByRole('dialog', { name: 'New Customization' });
      await modal.getByLabel('Name *').fill('Gift Wrap');
      await modal.getByLabel('Type *').selectOption('boolean');
      await modal.getByLabel('Description').fill('Handmade paper wrap with a ribbon');
      await modal.getByLabel('Price modifier amount').fill('50');
      await modal.getByRole('button', { name: 'Create Customization' }).click();
      await shows(page.getByRole('status').filter({ hasText: '✅ Customization created and selected' }));
      await hides(modal);
      const giftWrap = page.getByRole('checkbox', { name: 'Gift Wrap' });
      await shows(giftWrap);
      expect(await giftWrap.isChecked()).toBe(true);

      await page.getByRole('button', { name: 'Create Product' }).click();
      const confirm = page.getByRole('alertdialog');
      await hasText(confirm, 'Are you sure you want to submit this product?');
      await confirm.getByRole('button', { name: 'Submit' }).click();
      await shows(page.getByRole('status').filter({ hasText: '✅ Product + Reviews saved' }));
      await shows(page.getByRole('heading', { level: 1, name: 'Products' }));
      const row = page.getByRole('row').filter({ hasText: name });
      await shows(row);
      await hasText(row, /Gift Sets.*Jaksh.*₹1,499.*40 units.*In Stock/);

      // The row's View opens the store's product page in a new tab.
      const [store] = await Promise.all([
        admin.context.waitForEvent('page'),
        row.getByRole('link', { name: `View ${name}` }).click(),
      ]);
      await store.waitForLoadState();
      await shows(store.getByRole('heading', { level: 1, name }));
      const gallery = store.getByRole('list', { name: 'Product images' });
      await shows(gallery.getByRole('button', { name: 'Show image 2' }));
      await until(
        () =>
          store
            .locator('.product-main img')
            .evaluateAll((imgs) =>
              imgs.map((i) => {
                const img = i as HTMLImageElement;
                return img.complete && !img.currentSrc.endsWith('/logo.svg') ? img.naturalWidth : 0;
              }),
            ),
        // With srcset the natural width is the layout width the chosen candidate stands for, not
        // the 96 px of the upload; a picture that failed to decode has none.
        (widths) => widths.length >= 3 && widths.every((w) => w > 0),
        'the product images to load from the store',
      );
      const price = store.getByTestId('unit-price');
      await hasText(price, rupees(1499));
      await store.getByRole('checkbox', { name: /Gift Wrap/ }).check();
      await hasText(price, rupees(1549));
      await store.getByRole('tab', { name: 'Specifications' }).click();
      await hasText(store.getByRole('tabpanel'), 'Tags diwali, corporate gifting');
      await store.close();
    },
  );

  journey(
    'after a shopper pays, staff process the order and add a tracking number that the shopper then sees',
    visitors,
    async () => {
      const { diary, cards } = shop.products;
      const customer = await registerCustomer(shop, 'priya');
      const order = await placeOrder(shop, customer, [
        { product: diary._id, quantity: 1 },
        { product: cards._id, quantity: 2 },
      ]);
      await payOrder(shop, customer, order._id);
      const shown = `ORD-${order._id.slice(-8).toUpperCase()}`;

      const page = await backOffice('/orders', 'Orders');
      const row = page.getByRole('row').filter({ hasText: shown });
      await until(
        async () => {
          await page.getByRole('button', { name: 'Process Orders' }).waitFor();
          return (await row.count()) > 0 ? row.innerText() : '';
        },
        (text) => /Pending/.test(text) && /Paid/.test(text),
        'the paid order in the list',
      );
      await page.getByRole('button', { name: 'Process Orders' }).click();
      await until(
        async () => admin.alerts,
        (alerts) => alerts.some((a) => /^Successfully processed \d+ orders$/.test(a)),
        'the processing alert',
      );
      await hasText(row, 'Processing');

      const tracking = `DTDC${Date.now().toString().slice(-8)}`;
      await row.getByRole('button', { name: `Actions for ${shown}` }).click();
      // The dialog reads the full order again and then resets the tracking field to it: wait for that
      // before typing, or the typed number is wiped (reported with the test).
      await Promise.all([
        page.waitForResponse((res) => res.url().endsWith(`/api/admin2009/orders/${order._id}`)),
        page.getByRole('menuitem', { name: 'View Details' }).click(),
      ]);
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
      const details = page.getByRole('dialog', { name: 'Order Details' });
      await shows(details);
      await hasText(details, diary.name);
      await hasText(details, customer.email);
      await details.getByLabel('Tracking number').fill(tracking);
      await details.getByRole('button', { name: 'Update Tracking' }).click();
      await shows(details.getByText('Tracking number updated'));
      await page.keyboard.press('Escape');
      await hides(details);

      // The shopper tracks the order in My Account.
      const { page: store } = await shopperBrowser(customer);
      await store.goto('/account');
      await store
        .getByRole('navigation', { name: 'Account sections' })
        .getByRole('button', { name: 'Track Your Order' })
        .click();
      await store.getByLabel('Order ID').fill(order._id);
      await store.getByRole('button', { name: 'Track', exact: true }).click();
      const result = store.getByRole('region', { name: `Order ${order._id.slice(-8)}` });
      await shows(result);
      await hasText(result, `Tracking number ${tracking}`);
      await hasText(result, 'Status Processing');
      await hasText(result.locator('[aria-current="step"]'), 'Processing');
    },
  );

  journey(
    'staff cancel a paid order, are told it will be refunded, and see it Refunded; the shopper sees it too',
    visitors,
    async () => {
      const { diary } = shop.products;
      const customer = await registerCustomer(shop, 'meera');
      const order = await placeOrder(shop, customer, [{ product: diary._id, quantity: 2 }]);
      await payOrder(shop, customer, order._id);
      const shown = `ORD-${order._id.slice(-8).toUpperCase()}`;

      const page = await backOffice('/orders', 'Orders');
      const row = page.getByRole('row').filter({ hasText: shown });
      await until(
        async () => ((await row.count()) > 0 ? row.innerText() : ''),
        (text) => /Paid/.test(text),
        'the paid order in the list',
      );
      await row.getByRole('button', { name: `Actions for ${shown}` }).click();
      await Promise.all([
        page.waitForResponse((res) => res.url().endsWith(`/api/admin2009/orders/${order._id}`)),
        page.getByRole('menuitem', { name: 'View & Update Status' }).click(),
      ]);
      const details = page.getByRole('dialog', { name: 'Order Details' });
      await shows(details);
      await details.getByLabel('Status').selectOption('Cancelled');
      const confirm = page.getByRole('alertdialog', { name: 'Cancel this order?' });
      await shows(confirm);
      await hasText(
        confirm,
        `Cancelling it refunds ${rupees(order.totalAmount)} to the customer through Razorpay`,
      );
      await confirm.getByRole('button', { name: 'Cancel order' }).click();
      await hides(confirm);
      await hasText(details, 'Refund pending');
      await page.keyboard.press('Escape');
      await hides(details);

      // The refund sweep gives the money back at the (simulated) Razorpay within seconds.
      await until(
        async () => {
          await page.reload();
          await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
          return (await row.count()) > 0 ? row.innerText() : '';
        },
        (text) => /Cancelled/.test(text) && /Refunded/.test(text),
        'the cancelled order to show Refunded',
      );
      await page.goto(`/admin2009/orders/${order._id}`);
      const refunded = page.getByRole('dialog', { name: 'Order Details' });
      await shows(refunded);
      const refunds = refunded.getByRole('region', { name: 'Refunds' });
      await hasText(refunds, rupees(order.totalAmount));
      await hasText(refunds, 'Refunded');
      await hasText(refunds, 'Order cancelled');

      const { page: store } = await shopperBrowser(customer);
      await store.goto('/account');
      await store
        .getByRole('navigation', { name: 'Account sections' })
        .getByRole('button', { name: 'Order History' })
        .click();
      const card = store.getByRole('article', { name: `Order ${order._id.slice(-8)}` });
      await hasText(card, 'Cancelled');
      await hasText(card, 'Refunded');
      await store.goto(`/confirmation/${order._id}`);
      await hasText(store.getByText('Payment status').locator('..'), 'Refunded');
    },
  );

  journey('exports the orders as a CSV file with every cell quoted', visitors, async () => {
    const { labels } = shop.products;
    const customer = await registerCustomer(shop, 'arjun');
    const order = await placeOrder(shop, customer, [{ product: labels._id, quantity: 4 }]);
    await payOrder(shop, customer, order._id);

    const page = await backOffice('/orders', 'Orders');
    await shows(page.getByRole('row').filter({ hasText: `ORD-${order._id.slice(-8).toUpperCase()}` }));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export Orders' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    const quotedRow = /^"(?:[^"]|"")*"(?:,"(?:[^"]|"")*")*$/;
    for (const line of lines) expect(line).toMatch(quotedRow);
    const cells = (line: string) =>
      [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1].replace(/""/g, '"'));
    expect(cells(lines[0])).toEqual([
      'Order ID',
      'Customer',
      'Email',
      'Date',
      'Status',
      'Payment',
      'Amount',
      'Items',
      'Tracking Number',
      'Refund Status',
      'Refunded',
      'Payment Method',
      'Shipping',
      'GSTIN',
      'Company',
    ]);
    const mine = lines.map(cells).find((row) => row[0] === order._id);
    expect(mine).toEqual([
      order._id,
      customer.username,
      customer.email,
      expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      'Pending',
      'paid',
      order.totalAmount.toFixed(2),
      `${labels.name} x 4`,
      '',
      '',
      '0.00',
      'card',
      'standard',
      '',
      '',
    ]);
  });

  journey(
    "changing the free shipping threshold in Settings changes the shipping in a shopper's cart",
    visitors,
    async () => {
      const { diary } = shop.products;
      const customer = await registerCustomer(shop, 'isha');
      expect(
        (
          await shop.http.post(
            '/cart',
            { productId: diary._id, quantity: 1, customization: {} },
            customer.token,
          )
        ).status,
      ).toBe(200);
      const { page: store } = await shopperBrowser(customer);
      await store.goto('/cart');
      const summary = store.getByRole('complementary', { name: 'Order Summary' });
      const shipping = summary.locator('dt', { hasText: 'Shipping' }).locator('xpath=following-sibling::dd');
      await hasText(shipping, rupees(99));
      await hasText(
        summary,
        `Free shipping on orders above ${rupees(1000)}. Add ${rupees(150)} more to qualify.`,
      );

      const page = await backOffice('/settings', 'Settings');
      try {
        const threshold = page.getByLabel('Free Shipping Threshold (₹)');
        await threshold.fill('800');
        await page.getByRole('button', { name: 'Save All Settings' }).click();
        await shows(page.getByRole('button', { name: 'Saved Successfully' }));

        await until(
          async () => {
            await store.reload();
            return shipping.innerText({ timeout: 5000 });
          },
          (text) => text === 'Free',
          'the cart to ship free',
        );
        await hasText(summary, `Free shipping on orders above ${rupees(800)}.`);
      } finally {
        await shop.http.patch('/admin2009/settings', { freeShippingThreshold: 1000 }, shop.admin);
      }
    },
  );

  journey('a customer the admin deactivates is signed out and can no longer sign in', visitors, async () => {
    const { cards } = shop.products;
    const customer = await registerCustomer(shop, 'vikram');
    const { page: store } = await shopperBrowser(customer);
    await store.goto(`/product/${cards._id}`);
    const nav = store.getByRole('navigation', { name: 'Main' });
    await shows(nav.getByRole('link', { name: 'My Account' }));

    const page = await backOffice('/customers', 'Customers');
    await page.getByPlaceholder('Search by name, email, phone or company').fill(customer.username);
    await page.getByRole('button', { name: `View ${customer.username}` }).click();
    await page.getByRole('link', { name: 'View Full Profile' }).click();
    await shows(page.getByRole('heading', { level: 1, name: customer.username }));
    await page.getByRole('button', { name: 'Deactivate Customer' }).click();
    const confirm = page.getByRole('alertdialog');
    await hasText(confirm, 'Are you sure you want to deactivate this customer?');
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await alerted(admin, 'Customer deactivated successfully');
    await atPath(page, '/admin2009/customers');

    // The open session ends at its next call, once the gateway has heard of the deactivation.
    await until(
      async () => (await shop.http.get('/auth/me', customer.token)).status,
      (status) => status === 401,
      'the gateway to refuse the token',
    );
    await store.getByRole('button', { name: 'Add to Wishlist' }).click();
    await atPath(store, '/login?session=expired');
    await shows(nav.getByRole('link', { name: 'Sign In' }));

    // Signing in again is refused: the server answers with the reason and no session starts.
    await store.getByLabel('Email or username').fill(customer.email);
    await store.getByLabel('Password', { exact: true }).fill(customer.password);
    const [refusal] = await Promise.all([
      store.waitForResponse((res) => res.url().endsWith('/api/auth/login')),
      store.getByRole('button', { name: 'Sign In' }).click(),
    ]);
    expect(refusal.status()).toBe(403);
    expect((await refusal.json()).message).toBe('This account has been deactivated');
    await shows(nav.getByRole('link', { name: 'Sign In' }));
    expect(await store.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  journey(
    'a deleted product comes back with Undo within 5 seconds, and stays deleted when the 5 seconds pass',
    visitors,
    async () => {
      const create = async (name: string) => {
        const res = await shop.http.post(
          '/admin2009/products',
          {
            name,
            brand: 'ms',
            category: 'Stickers',
            price: '99',
            stock: '500',
            description: 'Vinyl stickers, die cut to shape.',
            tags: [],
          },
          shop.admin,
        );
        expect(res.status).toBe(201);
        return res.body._id ?? res.body.product._id;
      };
      const kept = await create('Die Cut Stickers');
      const gone = await create('Holographic Stickers');
      const page = await backOffice('/products', 'Products');
      const search = page.getByPlaceholder('Search by name, description or category');
      const remove = async (name: string) => {
        await search.fill(name);
        await page.getByRole('button', { name: `Delete ${name}` }).click();
        const confirm = page.getByRole('alertdialog');
        await hasText(confirm, 'Are you sure you want to delete this product? This action cannot be undone.');
        await confirm.getByRole('button', { name: 'Delete' }).click();
        const toast = page.getByRole('status').filter({ hasText: `"${name}" deleted` });
        await shows(toast);
        return { toast, shownAt: Date.now() };
      };
      const storeStatus = async (id: string) => (await shop.http.get(`/products/${id}`)).status;

      const first = await remove('Die Cut Stickers');
      await until(
        () => storeStatus(kept),
        (status) => status === 404,
        'the store to stop selling the product',
      );
      await first.toast.getByRole('button', { name: 'Undo' }).click();
      expect(Date.now() - first.shownAt).toBeLessThan(5000);
      await hides(first.toast);
      await shows(page.getByRole('row').filter({ hasText: 'Die Cut Stickers' }));
      await until(
        () => storeStatus(kept),
        (status) => status === 200,
        'the store to sell the product again',
      );

      // Without Undo the toast goes after 5 seconds and the product stays deleted.
      const second = await remove('Holographic Stickers');
      await hides(second.toast, 8000);
      expect(Date.now() - second.shownAt).toBeGreaterThanOrEqual(4500);
      await search.fill('Holographic Stickers');
      await shows(page.getByText('No products match your search'));
      expect(await storeStatus(gone)).toBe(404);
    },
  );
});
