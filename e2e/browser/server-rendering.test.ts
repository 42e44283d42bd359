import { TEST_ADMIN } from '../harness/backend';
import { addAddress, eventually, placeOrder, registerCustomer } from '../harness/shop';
import {
  atPath,
  browserSuite,
  hydrated,
  journey,
  rupees,
  shows,
  signInToStore,
  until,
  Visitor,
} from './support';

jest.setTimeout(300_000);

/**
 * The storefront as its server renders it: every page hydrates without a mismatch, a browser that
 * runs no script can still shop the catalog, and what a crawler or a chat preview reads is in the
 * HTML itself.
 */
const suite = browserSuite();

/** What React reports when the browser's first render differs from the server's HTML. */
const HYDRATION_ERROR = /hydrat|react\.dev\/errors\/(418|419|421|422|423|425)\b/i;

/** Loads the page, waits until React has hydrated it and its requests have settled. */
async function loadAndHydrate(visitor: Visitor, path: string) {
  await visitor.page.goto(path);
  await hydrated(visitor.page);
  await visitor.page.waitForLoadState('networkidle');
}

describe('the storefront rendered on the server and hydrated in the browser', () => {
  const publicPages = () => {
    const { labels } = suite.shop.products;
    return [
      '/',
      '/products',
      '/products/ms',
      '/products/jaksh?category=Stationery&sort=price-asc',
      '/products?search=Lanyard',
      `/product/${labels._id}`,
      '/terms',
      '/privacy',
    ];
  };
  const privatePages = [
    '/cart',
    '/checkout',
    '/payment',
    '/account',
    '/wishlist',
    '/profile',
    '/login',
    '/register',
    '/forgot-password',
    '/reset-password?token=unknown',
    '/verify-email?token=unknown',
    '/403',
  ];

  journey(
    'every public and private page hydrates without a hydration error, signed out and signed in',
    () => suite.visitors,
    async () => {
      const { shop } = suite;
      const customer = await registerCustomer(shop, 'hydrate');
      await addAddress(shop, customer);
      const order = await placeOrder(shop, customer, [{ product: shop.products.diary._id, quantity: 1 }]);
      const visitor = await suite.visit();
      for (const signedIn of [false, true]) {
        if (signedIn) await signInToStore(visitor, customer.token);
        for (const path of [...publicPages(), ...privatePages, `/confirmation/${order._id}`]) {
          visitor.errors.length = 0;
          await loadAndHydrate(visitor, path);
          expect({ path, signedIn, errors: visitor.errors.filter((e) => HYDRATION_ERROR.test(e)) }).toEqual({
            path,
            signedIn,
            errors: [],
          });
        }
      }
      // Signed in, the header says so once the page has hydrated.
      await shows(
        visitor.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Account' }),
      );
    },
  );

  journey(
    'the catalog pages hydrate from the HTML: the browser does not ask for the list or the product again',
    () => suite.visitors,
    async () => {
      const visitor = await suite.visit();
      const catalogReads: string[] = [];
      // The list (`GET /api/products`) and a product (`GET /api/products/<id>`), not what a page
      // asks for below them (similar products, reviews).
      visitor.page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (/^\/api\/products(\/[^/]+)?$/.test(pathname)) catalogReads.push(request.url());
      });
      const { labels } = suite.shop.products;
      await loadAndHydrate(visitor, '/products/ms');
      await loadAndHydrate(visitor, `/product/${labels._id}`);
      expect(catalogReads).toEqual([]);
    },
  );
});

describe('the storefront with JavaScript off', () => {
  beforeAll(async () => {
    // More products than a page of the list holds (24), so the list has a second page.
    const { http } = suite.shop;
    const login = await http.post('/admin2009/login', TEST_ADMIN);
    for (let i = 1; i <= 22; i += 1) {
      const res = await http.post(
        '/admin2009/products',
        {
          name: `Sticker Sheet ${String(i).padStart(2, '0')}`,
          brand: 'ms',
          category: 'Stickers',
          price: String(50 + i),
          stock: '100',
          description: 'A sheet of vinyl stickers printed with your design.',
          images: [],
          tags: ['stickers'],
          customizations: [],
        },
        login.body.token,
      );
      expect(res.status).toBe(201);
    }
  });

  journey(
    'a shopper reads home, a list and a product, pages through the list, and searches from the header',
    () => suite.visitors,
    async () => {
      const visitor = await suite.visit({ javaScriptEnabled: false });
      const { page } = visitor;
      const { lanyard } = suite.shop.products;

      await page.goto('/');
      await shows(
        page.getByRole('heading', { level: 1, name: 'Labels, merchandise and gifts, made to order' }),
      );
      await page.getByRole('link', { name: 'Shop MS' }).click();
      await atPath(page, '/products/ms');
      await shows(page.getByRole('heading', { level: 1, name: 'MS products' }));
      const results = page.getByRole('region', { name: 'Products' });
      expect(await results.getByRole('article').count()).toBe(24);

      await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next page' }).click();
      await atPath(page, '/products/ms?page=2');
      await until(
        () => results.getByRole('article').count(),
        (cards) => cards > 0 && cards < 24,
        'the second page of the list',
      );
      await shows(
        page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Previous page' }),
      );

      const search = page.getByRole('search').getByRole('combobox', { name: 'Search products' });
      await search.fill('Lanyard');
      await search.press('Enter');
      await atPath(page, '/products?search=Lanyard');
      await results.getByRole('link', { name: lanyard.name }).first().click();
      await atPath(page, `/product/${lanyard._id}`);
      await shows(page.getByRole('heading', { level: 1, name: lanyard.name }));
      await shows(page.locator('main').getByText(rupees(lanyard.price)).first());
    },
  );
});

describe('what a crawler and a chat preview read in the HTML', () => {
  const html = async (path: string) => {
    const res = await fetch(`${suite.shop.url}${path}`, { redirect: 'manual' });
    return { status: res.status, location: res.headers.get('location'), text: await res.text() };
  };

  it("a product page's HTML carries its name, price, picture, Open Graph tags and JSON-LD", async () => {
    const { labels } = suite.shop.products;
    const { status, text } = await html(`/product/${labels._id}`);
    expect(status).toBe(200);
    expect(text).toContain(`<h1`);
    expect(text).toContain(labels.name);
    expect(text).toContain(rupees(labels.price));
    expect(text).toMatch(/<img[^>]+src="\/uploads\/products\/[^"]+"/);
    expect(text).toContain(`<title>${labels.name} | `);
    expect(text).toContain(`<meta property="og:title" content="${labels.name}"`);
    expect(text).toMatch(
      /<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/uploads\/products\/[^"]+"/,
    );
    expect(text).toMatch(
      new RegExp(`<link rel="canonical" href="http://127\\.0\\.0\\.1:\\d+/product/${labels._id}"`),
    );
    const jsonLd = [...text.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g)].map(
      (m) => JSON.parse(m[1]) as { '@type': string; name?: string; offers?: { priceCurrency: string } },
    );
    const product = jsonLd.find((data) => data['@type'] === 'Product');
    expect(product).toMatchObject({ name: labels.name, offers: { priceCurrency: 'INR' } });
    expect(jsonLd.some((data) => data['@type'] === 'BreadcrumbList')).toBe(true);
  });

  it("a list's HTML links to its products and says what it lists in its title", async () => {
    const { status, text } = await html('/products/jaksh');
    expect(status).toBe(200);
    expect(text).toMatch(/<title>[^<]*Jaksh[^<]*<\/title>/);
    expect(text).toContain(`href="/product/${suite.shop.products.diary._id}"`);
  });

  it("a price and stock saved in the back office show on the product page's next load", async () => {
    const { diary } = suite.shop.products;
    const price = diary.price + 37;
    const res = await suite.shop.http.patch(
      `/admin2009/products/${diary._id}`,
      { price, stock: 0 },
      suite.shop.admin,
    );
    expect(res.status).toBe(200);
    // The gateway's short cache is dropped by the catalog's event, a few milliseconds after the save.
    await eventually(
      async () => (await html(`/product/${diary._id}`)).text.includes(rupees(price)),
      'the new price',
    );
    const { text } = await html(`/product/${diary._id}`);
    const product = [...text.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g)]
      .map(
        (m) =>
          JSON.parse(m[1]) as { '@type': string; offers?: { price: number | string; availability: string } },
      )
      .find((data) => data['@type'] === 'Product');
    expect(product?.offers).toMatchObject({ availability: 'https://schema.org/OutOfStock' });
    expect(Number(product?.offers?.price)).toBe(price);
  });

  it('a product that does not exist answers 404 with the not-found page', async () => {
    const { status, text } = await html('/product/00000000-0000-4000-8000-000000000000');
    expect(status).toBe(404);
    expect(text).toContain('Product Not Found');
    expect(text).toContain('<meta name="robots" content="noindex"');
  });

  it('an unknown path redirects to home', async () => {
    const { status, location } = await html('/no/such/page');
    expect([301, 302]).toContain(status);
    expect(location).toBe('/');
  });

  it('private pages are kept out of search results', async () => {
    for (const path of ['/cart', '/checkout', '/account', '/login']) {
      const { status, text } = await html(path);
      expect({ path, status }).toEqual({ path, status: 200 });
      expect(text).toContain('<meta name="robots" content="noindex"');
    }
  });

  it('/robots.txt and /sitemap.xml answer from the storefront', async () => {
    const robots = await html('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.text).toMatch(/^Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml$/m);
    expect(robots.text).toContain('Disallow: /cart');
    const sitemap = await html('/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expect(sitemap.text).toContain(`/product/${suite.shop.products.penSet._id}</loc>`);
  });
});
