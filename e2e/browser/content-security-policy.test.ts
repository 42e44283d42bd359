import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import {
  APP_CONTENT_SECURITY_POLICY,
  DOCS_CONTENT_SECURITY_POLICY,
} from '../../gateway/src/web-apps/content-security-policy';
import { TEST_ADMIN } from '../harness/backend';
import { launchBrowser } from '../harness/browser';
import { Shop, startShop } from '../harness/shop';
import { atPath, hasText, journey, openVisitor, shows, until, Visitor } from './support';

jest.setTimeout(180_000);

const ROOT = join(__dirname, '..', '..');

/** Every Content-Security-Policy violation the page reports, as `directive blocked-uri`. */
const violations = (visitor: Visitor) =>
  visitor.page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations ?? []);

async function recordViolations(visitor: Visitor) {
  await visitor.context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.effectiveDirective} ${e.blockedURI}`),
    );
  });
}

describe('the Content-Security-Policy of the apps and the API docs', () => {
  let shop: Shop;
  let browser: Browser;
  let shopper: Visitor;
  let admin: Visitor;

  beforeAll(async () => {
    [shop, browser] = await Promise.all([startShop(), launchBrowser()]);
    shopper = await openVisitor(browser, shop.url);
    admin = await openVisitor(browser, shop.url);
    await recordViolations(shopper);
    await recordViolations(admin);
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });

  it('is sent with the back office, the API and the docs page, and allows no inline script', async () => {
    for (const path of ['/admin2009/', '/admin2009/login', '/api/products'])
      expect((await fetch(`${shop.url}${path}`)).headers.get('content-security-policy')).toBe(
        APP_CONTENT_SECURITY_POLICY,
      );
    expect((await fetch(`${shop.url}/api/docs`)).headers.get('content-security-policy')).toBe(
      DOCS_CONTENT_SECURITY_POLICY,
    );
    for (const policy of [APP_CONTENT_SECURITY_POLICY, DOCS_CONTENT_SECURITY_POLICY]) {
      const scripts = policy.split('; ').find((d) => d.startsWith('script-src '))!;
      expect(scripts).not.toMatch(/'unsafe-inline'|'unsafe-eval'|\*/);
      expect(policy).toContain("object-src 'none'");
    }
    expect(APP_CONTENT_SECURITY_POLICY).toContain("script-src 'self' https://checkout.razorpay.com");
  });

  it("is the same on the storefront's server-rendered pages, with a nonce of each page's own for its inline scripts", async () => {
    const nonces = new Set<string>();
    for (const path of ['/', '/products/ms', '/cart', '/products/ms']) {
      const res = await fetch(`${shop.backend.env.WEB_STORE_URL}${path}`);
      const policy = res.headers.get('content-security-policy') ?? '';
      const nonce = /'nonce-([A-Za-z0-9+/=]{22,})'/.exec(policy)?.[1];
      expect(nonce).toBeDefined();
      expect(policy.replace(` 'nonce-${nonce}'`, '')).toBe(APP_CONTENT_SECURITY_POLICY);
      const html = await res.text();
      // Every inline script of the page carries it; none runs without it.
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)([^>]*)>/g)];
      expect(inline.length).toBeGreaterThan(0);
      for (const [, attributes] of inline) expect(attributes).toContain(`nonce="${nonce}"`);
      nonces.add(nonce!);
    }
    expect(nonces.size).toBe(4);
  });

  it('names the inline scripts of a page the gateway keeps by their hashes, as no nonce may be sent twice', async () => {
    for (const path of ['/', '/products/ms', '/cart']) {
      const [first, again] = [await fetch(`${shop.url}${path}`), await fetch(`${shop.url}${path}`)];
      const policy = first.headers.get('content-security-policy') ?? '';
      expect(again.headers.get('content-security-policy')).toBe(policy);
      expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
      expect(policy).not.toContain('nonce-');
      const hashes = [...policy.matchAll(/'sha256-([A-Za-z0-9+/=]+)'/g)].map((m) => m[1]);
      expect(policy.replace(hashes.map((h) => ` 'sha256-${h}'`).join(''), '')).toBe(
        APP_CONTENT_SECURITY_POLICY,
      );
      const html = await first.text();
      expect(html).not.toContain('nonce=');
      const inline = [
        ...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g),
      ];
      expect(inline.length).toBeGreaterThan(0);
      expect(new Set(inline.map(([, text]) => createHash('sha256').update(text).digest('base64')))).toEqual(
        new Set(hashes),
      );
    }
  });

  it("is the same in the back office's nginx container", () => {
    const text = readFileSync(join(ROOT, 'deploy', 'nginx', 'web-admin.conf'), 'utf8');
    const headers = [...text.matchAll(/add_header Content-Security-Policy "([^"]*)" always;/g)].map(
      (m) => m[1],
    );
    // The assets, index.html and the page fallback each send it.
    expect(headers).toHaveLength(3);
    expect(new Set(headers)).toEqual(new Set([APP_CONTENT_SECURITY_POLICY]));
  });

  journey(
    'a shopper browses, opens a product and adds it to the cart without a single violation',
    () => [shopper],
    async () => {
      const { page } = shopper;
      const { labels } = shop.products;
      await page.goto('/');
      await page.goto('/products/ms');
      await shows(page.getByRole('heading', { level: 1, name: 'MS products' }));
      await page
        .getByRole('region', { name: 'Products' })
        .getByRole('link', { name: labels.name })
        .first()
        .click();
      await atPath(page, `/product/${labels._id}`);
      await shows(page.getByRole('heading', { level: 1, name: labels.name }));
      await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
      await shows(page.getByRole('status').filter({ hasText: 'Added to cart.' }));
      await shows(page.getByRole('navigation', { name: 'Main' }).getByLabel('1 items in cart'));
      expect(await violations(shopper)).toEqual([]);
    },
  );

  journey(
    'the admin signs in and opens the dashboard, and the docs page renders, without a single violation',
    () => [admin],
    async () => {
      const { page } = admin;
      await page.goto('/admin2009/login');
      await page.getByLabel('Email').fill(TEST_ADMIN.email);
      await page.getByLabel('Password', { exact: true }).fill(TEST_ADMIN.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await atPath(page, '/admin2009/dashboard');
      await hasText(page.getByRole('navigation', { name: 'Breadcrumb' }), 'Admin Panel / Dashboard');
      await shows(page.getByText('Welcome back, Admin'));
      expect(await violations(admin)).toEqual([]);

      await page.goto('/api/docs');
      await shows(page.getByRole('heading', { name: /MS & Jaksh shop API/ }));
      expect(await violations(admin)).toEqual([]);
    },
  );

  journey(
    'an inline script a page would be tricked into adding does not run, and is reported',
    () => [shopper],
    async () => {
      const { page } = shopper;
      await page.goto('/');
      await page.evaluate(() => {
        const script = document.createElement('script');
        script.textContent = 'window.injected = true;';
        document.body.appendChild(script);
      });
      await until(
        () => violations(shopper),
        (seen) => seen.some((v) => v.startsWith('script-src-elem inline')),
        'the violation report',
      );
      expect(
        await page.evaluate(() => (window as unknown as { injected?: boolean }).injected),
      ).toBeUndefined();
    },
  );
});
