import { parsePictureUrl, pictureName } from '@shop/proto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { uploadImages } from '../api/catalog-support';
import { launchBrowser, watchPage } from '../harness/browser';
import { Shop, startShop, untilCartKnows } from '../harness/shop';
import { STEP_TIMEOUT_MS, until } from './support';

jest.setTimeout(180_000);

/**
 * Issue 24: a phone downloads each product picture at the width it shows it. Lighthouse's phone:
 * 412 px wide at 1.75x, so a card (half the width less the gaps, 182 px) needs 319 pixels, the
 * gallery (380 px) 665, and the zoomed gallery everything there is.
 */
describe('product pictures on a phone', () => {
  let shop: Shop;
  let browser: Browser;
  let phone: BrowserContext;
  let page: Page;
  let errors: string[];
  let key: string;
  const fetched: { url: string; cacheControl: string | undefined }[] = [];
  const name = 'Acrylic Photo Frame';
  /** The file a picture element shows now: its name, without the host. */
  const showing = (picture: Locator) =>
    picture.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname);

  beforeAll(async () => {
    [shop, browser] = await Promise.all([startShop(), launchBrowser()]);
    const photo = await sharp({ create: { width: 1600, height: 1600, channels: 3, background: '#0f766e' } })
      .jpeg()
      .toBuffer();
    const uploaded = await uploadImages(shop.url, shop.admin, [
      { name: 'frame.jpg', type: 'image/jpeg', bytes: photo },
    ]);
    const [url] = uploaded.body.urls as string[];
    key = parsePictureUrl(url)!.key;
    const created = await shop.http.post(
      '/admin2009/products',
      {
        name,
        brand: 'jaksh',
        category: 'Gifting',
        price: '499',
        stock: '40',
        description: 'A clear acrylic frame for a desk.',
        images: [url],
        tags: ['gifting'],
        customizations: [],
      },
      shop.admin,
    );
    if (created.status !== 201) throw new Error(`product creation failed: ${created.status}`);
    await untilCartKnows(shop.backend, [created.body.product._id]);
    phone = await browser.newContext({
      baseURL: shop.url,
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    phone.setDefaultTimeout(STEP_TIMEOUT_MS);
    page = await phone.newPage();
    ({ errors } = watchPage(page));
    page.on('response', (res) => {
      if (new URL(res.url()).pathname.startsWith('/uploads/'))
        fetched.push({ url: new URL(res.url()).pathname, cacheControl: res.headers()['cache-control'] });
    });
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });

  const file = (side: number, format: 'webp' | 'avif' = 'webp') =>
    `/uploads/products/${pictureName(key, side, format)}`;
  const ofPicture = () => fetched.filter((f) => f.url.includes(key)).map((f) => f.url);

  it("shows the list's card at 320 px in AVIF, first and at once, cached for a year", async () => {
    await page.goto('/products');
    const card = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name }) })
      .locator('.product-media img');
    await until(
      () => showing(card),
      (src) => src === file(320, 'avif'),
      'the card picture',
    );
    expect(await card.getAttribute('fetchpriority')).toBe('high');
    expect(ofPicture()).toEqual([file(320, 'avif')]);
    expect(fetched.find((f) => f.url === file(320, 'avif'))?.cacheControl).toBe(
      'public, max-age=31536000, immutable',
    );
  });

  it('shows the product page at the 800 px the gallery needs, and the largest zoomed', async () => {
    fetched.length = 0;
    await page.getByRole('link', { name }).click();
    const main = page.locator('.gallery-main img');
    await until(
      () => showing(main),
      (src) => src === file(800),
      'the gallery picture',
    );
    expect(ofPicture()).not.toContain(file(1200));
    await page.getByRole('button', { name: 'Zoom in 2x' }).click();
    await until(
      () => showing(main),
      (src) => src === file(1200),
      'the zoomed picture',
    );
    expect(errors).toEqual([]);
  });
});
