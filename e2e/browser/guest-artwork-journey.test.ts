import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { launchBrowser } from '../harness/browser';
import { addAddress, registerCustomer, Shop, ShopProduct, startShop, untilCartKnows } from '../harness/shop';
import { atPath, hasText, hydrated, journey, openVisitor, rupees, shows, until, Visitor } from './support';

jest.setTimeout(180_000);

/** The file a signed artwork link opens, without its signature. */
const fileOf = (link: string) => new URL(link, 'http://shop.test').pathname;

/** A small logo: a coloured square with a white disc, so the thumbnail is visibly a picture. */
const logoPng = () =>
  sharp({ create: { width: 120, height: 120, channels: 3, background: { r: 20, g: 90, b: 200 } } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120"><circle cx="60" cy="60" r="36" fill="#fff"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();

/**
 * Issue 16: a visitor's artwork survives signing in. A guest uploads their logo on a product page,
 * adds the product to the cart, signs in, sees the artwork on the cart line, checks out and pays;
 * staff then see the artwork on the order in the back office.
 */
describe("a guest's artwork, from the product page to the back office", () => {
  let shop: Shop;
  let browser: Browser;
  let shopper: Visitor;
  let staff: Visitor;
  let mug: ShopProduct;

  beforeAll(async () => {
    [shop, browser] = await Promise.all([startShop(), launchBrowser()]);
    const res = await shop.http.post(
      '/admin2009/products',
      {
        name: 'Photo Print Mug',
        brand: 'jaksh',
        category: 'Drinkware',
        price: '349',
        stock: '100',
        description: 'Ceramic mug printed with your own picture or logo.',
        images: [],
        tags: ['mug', 'gifting'],
        customizations: [],
        allowsImageUpload: true,
      },
      shop.admin,
    );
    if (res.status !== 201)
      throw new Error(`product creation failed: ${res.status} ${JSON.stringify(res.body)}`);
    mug = { _id: res.body.product._id, name: 'Photo Print Mug', brand: 'jaksh', price: 349, stock: 100 };
    await untilCartKnows(shop.backend, [mug._id]);
    shopper = await openVisitor(browser, shop.url);
    staff = await openVisitor(browser, shop.url);
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });

  journey(
    'a guest uploads artwork, signs in, sees it on the cart line, pays, and staff see it on the order',
    () => [shopper, staff],
    async () => {
      const { page } = shopper;
      const customer = await registerCustomer(shop, 'kavya');
      await addAddress(shop, customer);

      // As a guest: the same upload field a customer has, and the file is stored at once.
      await page.goto(`/product/${mug._id}`);
      await shows(page.getByRole('heading', { level: 1, name: mug.name }));
      expect(await page.getByText(/Sign in to attach/).count()).toBe(0);
      // The server's page has the field disabled: a file picked before the scripts run would be lost.
      await hydrated(page);
      await page
        .getByLabel('Upload your design')
        .setInputFiles({ name: 'team-logo.png', mimeType: 'image/png', buffer: await logoPng() });
      const chosen = page.getByRole('list', { name: 'Upload your design: chosen files' });
      await hasText(chosen, 'team-logo.png');
      // The artwork is private (issue 23): shown through a short-lived signed link under the cart's routes.
      const uploadedLink = await chosen.locator('img').getAttribute('src');
      expect(uploadedLink).toMatch(/^\/api\/cart\/uploads\/[0-9a-f-]{36}\.png\?expires=\d+&signature=[\w-]+$/);
      const uploadedFile = fileOf(uploadedLink!);
      const cookies = await shopper.context.cookies();
      expect(cookies.find((c) => c.name === 'guest_cart')).toMatchObject({
        httpOnly: true,
        sameSite: 'Lax',
        path: '/api/cart',
      });

      await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
      await shows(page.getByRole('status').filter({ hasText: 'Added to cart.' }));
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: /Cart/ }).click();
      await shows(page.getByRole('heading', { level: 1, name: 'Shopping Cart' }));
      const guestArtwork = page
        .getByRole('article', { name: mug.name })
        .getByRole('list', { name: `Artwork for ${mug.name}` });
      await shows(guestArtwork.getByRole('link', { name: /team-logo\.png/ }));

      // Signing in merges the guest cart; the file moves to the customer with it.
      await page.getByRole('link', { name: 'Login to Checkout' }).click();
      await atPath(page, '/login');
      await page.getByLabel('Email or username').fill(customer.email);
      await page.getByLabel('Password', { exact: true }).fill(customer.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await atPath(page, '/checkout');
      await until(
        () => page.evaluate(() => localStorage.getItem('cart')),
        (cart) => cart === '[]',
        'the guest cart to be merged and emptied',
      );

      // The customer's cart line, read from the server, carries the artwork.
      await page.goto('/cart');
      const line = page.getByRole('article', { name: mug.name });
      await shows(line);
      const artwork = line.getByRole('list', { name: `Artwork for ${mug.name}` });
      const link = artwork.getByRole('link', { name: /team-logo\.png/ });
      await shows(link);
      expect(fileOf((await link.getAttribute('href'))!)).toBe(uploadedFile);
      await until(
        () => link.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
        (width) => width === 120,
        'the artwork thumbnail to load',
      );
      const server = await shop.http.get('/cart', customer.token);
      expect(server.body.cart.items[0].customization.uploadedFiles).toEqual([
        expect.objectContaining({ name: 'team-logo.png', url: expect.stringContaining(uploadedFile) }),
      ]);

      // Checkout and the sandbox payment.
      await page.getByRole('link', { name: /Proceed to Checkout/ }).click();
      await atPath(page, '/checkout');
      const summary = page.getByRole('complementary', { name: 'Order summary' });
      await hasText(summary, `${mug.name} × 1`);
      await hasText(summary, `Subtotal ${rupees(349)}`);
      const total = await summary.locator('.total dd').innerText();
      await summary.getByRole('button', { name: 'Place Order' }).click();
      await atPath(page, /^\/payment\?orderId=/);
      const orderId = new URL(page.url()).searchParams.get('orderId')!;
      await page.getByRole('button', { name: `Pay ${total}` }).click();
      const checkout = page.getByRole('dialog', { name: 'MS & Jaksh' });
      await shows(checkout);
      await checkout.getByRole('button', { name: /^Pay / }).click();
      await atPath(page, `/confirmation/${orderId}`);
      await hasText(page.locator('.confirmation-status'), 'Paid');

      // Staff open the order and find the artwork on its line.
      const { page: office } = staff;
      await office.goto('/admin2009/login');
      await office.evaluate((token) => localStorage.setItem('adminToken', token), shop.admin);
      await office.goto(`/admin2009/orders/${orderId}`);
      const details = office.getByRole('dialog', { name: 'Order Details' });
      await shows(details);
      await hasText(details, mug.name);
      const file = details.getByRole('link', { name: /team-logo\.png/ });
      await shows(file);
      const staffLink = (await file.getAttribute('href'))!;
      expect(fileOf(staffLink)).toBe(uploadedFile);
      const served = await fetch(`${shop.url}${staffLink}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect((await fetch(`${shop.url}/uploads/customizations/${uploadedFile.slice(uploadedFile.lastIndexOf('/') + 1)}`)).status).toBe(404);
      expect(shopper.alerts).toEqual([]);
    },
  );
});
