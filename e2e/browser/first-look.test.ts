import type { Locator } from 'playwright-core';
import sharp from 'sharp';
import { uploadImages } from '../api/catalog-support';
import { watchPage } from '../harness/browser';
import { browserSuite, STEP_TIMEOUT_MS } from './support';

jest.setTimeout(180_000);

/**
 * Issue 24: the first-screen script paints a page's first look (web-store/src/boot/firstLook.ts)
 * before the app's script has arrived, and only then starts that script. What the shopper sees
 * first must be where the app's page shows it, or the page would jump as the app takes over.
 * The app's script is held back here until the look has been measured.
 */
describe("a page's first look, before the app's script has arrived", () => {
  const suite = browserSuite();
  let productId: string;

  beforeAll(async () => {
    const { shop } = suite;
    const photo = await sharp({ create: { width: 1200, height: 1200, channels: 3, background: '#b45309' } })
      .jpeg()
      .toBuffer();
    const uploaded = await uploadImages(shop.url, shop.admin, [
      { name: 'frame.jpg', type: 'image/jpeg', bytes: photo },
    ]);
    // First by name, so it is the list's first card.
    const created = await shop.http.post(
      '/admin2009/products',
      {
        name: 'A4 Acrylic Desk Frame',
        brand: 'jaksh',
        category: 'Gifting',
        price: '649',
        stock: '25',
        description: 'A clear acrylic frame for a desk, with a printed insert.',
        images: uploaded.body.urls,
        tags: ['gifting'],
        customizations: [],
      },
      shop.admin,
    );
    if (created.status !== 201) throw new Error(`product creation failed: ${created.status}`);
    productId = created.body.product._id;
  });

  const screens = [
    { screen: 'a phone', viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true },
    { screen: 'a desktop', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false },
  ];
  const pages = [
    { what: "home's heading", path: () => '/', element: '.hero h1' },
    { what: "the product list's first picture", path: () => '/products', element: '.product-card img' },
    {
      what: "a filtered list's first picture (below its filter chips)",
      path: () => '/products/jaksh?search=frame&sort=price-desc',
      element: '.product-card img',
    },
    { what: "the product's picture", path: () => `/product/${productId}`, element: '.gallery-main img' },
  ];

  describe.each(screens)('on $screen', ({ viewport, deviceScaleFactor, isMobile }) => {
    it.each(pages)(
      'shows $what where the app then shows it, and gives way to the app',
      async ({ path, element }) => {
        const context = await suite.browser.newContext({
          baseURL: suite.shop.url,
          viewport,
          deviceScaleFactor,
          isMobile,
        });
        context.setDefaultTimeout(STEP_TIMEOUT_MS);
        try {
          const page = await context.newPage();
          const { errors } = watchPage(page);
          let release = () => {};
          const held = new Promise<void>((resolve) => (release = resolve));
          await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
            await held;
            await route.continue();
          });
          await page.goto(path());

          const look = page.locator('#first-look');
          const first = look.locator(element).first();
          await first.waitFor();
          await pictureIn(first);
          const seen = await first.boundingBox();
          expect(await page.locator('#root').innerHTML()).toBe('');

          release();
          await look.waitFor({ state: 'detached' });
          const shown = page.locator(`#root ${element}`).first();
          await pictureIn(shown);
          const box = await shown.boundingBox();
          expect(box).not.toBeNull();
          for (const side of ['x', 'y', 'width', 'height'] as const)
            expect(Math.abs(box![side] - seen![side])).toBeLessThan(1);
          expect(errors).toEqual([]);
        } finally {
          await context.close();
        }
      },
    );
  });
});

/** Waits until a picture has loaded (anything else is there at once). */
async function pictureIn(element: Locator): Promise<void> {
  await element.evaluate(
    (node) =>
      new Promise<void>((resolve) => {
        if (!(node instanceof HTMLImageElement) || node.complete) resolve();
        else node.addEventListener('load', () => resolve(), { once: true });
      }),
  );
}
