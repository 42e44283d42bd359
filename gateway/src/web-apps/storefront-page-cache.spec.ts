import { APP_CSP_DIRECTIVES, contentSecurityPolicy, EVENTS } from '@shop/proto';
import { createHash } from 'node:crypto';
import type { GatewayEvents } from '../back-office/gateway-events';
import { CATALOG_REPLY_TTL_MS, CatalogReplyCache } from '../catalog/catalog-reply-cache';
import {
  KeptPage,
  PAGE_TTL_MS,
  pageToKeep,
  RenderedPage,
  scriptHashesForNonce,
  StorefrontPageCache,
} from './storefront-page-cache';

const NONCE = 'q1w2e3r4t5y6u7i8o9p0aA==';
const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');

function html(body: string): string {
  return (
    `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.client.js" nonce="${NONCE}"/>` +
    `<script type="application/ld+json">{"@type":"Product"}</script></head><body>${body}` +
    `<script nonce="${NONCE}">window.__reactRouterContext = {"a":"\\u003c/b"};</script>` +
    `<script nonce="${NONCE}" type="module" async="">import "/assets/entry.client.js";</script>` +
    `<script src="/assets/other.js" nonce="${NONCE}"></script></body></html>`
  );
}

function rendered(body = '<main>Lanyards</main>', overrides: Partial<RenderedPage> = {}): RenderedPage {
  return {
    status: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-cache',
      'content-security-policy': contentSecurityPolicy(APP_CSP_DIRECTIVES, { nonce: NONCE }),
      date: 'Sun, 29 Nov 2026 04:49:03 GMT',
    },
    body: Buffer.from(html(body)),
    ...overrides,
  };
}

function pageCache() {
  const subscribers: Array<{ eventTypes: readonly string[] }> = [];
  const events = {
    subscribe: (s: { eventTypes: readonly string[] }) => subscribers.push(s),
  } as unknown as GatewayEvents;
  const catalogReplies = new CatalogReplyCache();
  return { cache: new StorefrontPageCache(events, catalogReplies), catalogReplies, subscribers };
}

const text = (page: KeptPage | RenderedPage) => ('bytes' in page ? page.bytes.body : page.body).toString();

describe('a kept storefront page', () => {
  it('names its inline scripts by their SHA-256 hashes in place of the nonce, which it no longer carries', () => {
    const { html: out, hashes } = scriptHashesForNonce(html('<main/>'), NONCE);
    expect(out).not.toContain('nonce');
    expect(hashes).toEqual([
      sha256('window.__reactRouterContext = {"a":"\\u003c/b"};'),
      sha256('import "/assets/entry.client.js";'),
    ]);
    expect(out).toContain('<script src="/assets/other.js"></script>');
    expect(out).toContain('<script type="application/ld+json">{"@type":"Product"}</script>');
  });

  it("goes out with the shop's policy and those hashes, and without the rendering's date", () => {
    const kept = pageToKeep(rendered())!;
    const { hashes } = scriptHashesForNonce(html('<main>Lanyards</main>'), NONCE);
    expect(kept.headers['content-security-policy']).toBe(
      contentSecurityPolicy(APP_CSP_DIRECTIVES, { hashes }),
    );
    expect(kept.headers.date).toBeUndefined();
    expect(kept.contentType).toBe('text/html; charset=utf-8');
    expect(kept.cacheControl).toBe('no-cache');
  });

  it('is not kept when it failed, is not HTML, sets a cookie, has no nonce or was streamed in parts', () => {
    expect(pageToKeep(rendered(undefined, { status: 404 }))).toBeNull();
    expect(
      pageToKeep(rendered(undefined, { headers: { ...rendered().headers, 'content-type': 'text/xml' } })),
    ).toBeNull();
    expect(
      pageToKeep(rendered(undefined, { headers: { ...rendered().headers, 'set-cookie': ['a=b'] } })),
    ).toBeNull();
    expect(
      pageToKeep(
        rendered(undefined, {
          headers: { ...rendered().headers, 'content-security-policy': "script-src 'self'" },
        }),
      ),
    ).toBeNull();
    expect(pageToKeep(rendered('<!--$?--><template id="B:0"></template><p>Loading</p><!--/$-->'))).toBeNull();
    expect(pageToKeep(rendered('<!--$!--><template></template><!--/$-->'))).toBeNull();
  });
});

describe('StorefrontPageCache', () => {
  afterEach(() => jest.useRealTimers());

  it('renders a page once and sends the same bytes to every shopper until its time is up', async () => {
    jest.useFakeTimers();
    const { cache } = pageCache();
    const render = jest
      .fn()
      .mockResolvedValueOnce(rendered('<main>first</main>'))
      .mockResolvedValue(rendered('<main>second</main>'));
    expect(text(await cache.page('/products', render))).toContain('first');
    expect(text(await cache.page('/products', render))).toContain('first');
    jest.advanceTimersByTime(PAGE_TTL_MS + 1);
    expect(text(await cache.page('/products', render))).toContain('second');
    expect(render).toHaveBeenCalledTimes(2);
  });

  it('renders once for shoppers who ask for the same page at the same time', async () => {
    const { cache } = pageCache();
    let resolve!: (page: RenderedPage) => void;
    const render = jest.fn(() => new Promise<RenderedPage>((r) => (resolve = r)));
    const both = Promise.all([cache.page('/', render), cache.page('/', render)]);
    resolve(rendered());
    const [a, b] = await both;
    expect(a).toBe(b);
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('renders anew for each shopper a page it may not keep', async () => {
    const { cache } = pageCache();
    let resolve!: (page: RenderedPage) => void;
    const render = jest
      .fn<Promise<RenderedPage>, []>()
      .mockImplementationOnce(() => new Promise<RenderedPage>((r) => (resolve = r)))
      .mockResolvedValue(rendered(undefined, { status: 404 }));
    const both = Promise.all([cache.page('/product/gone', render), cache.page('/product/gone', render)]);
    resolve(rendered(undefined, { status: 404 }));
    const [a, b] = await both;
    expect(a).not.toBe(b);
    expect('bytes' in a).toBe(false);
    expect(render).toHaveBeenCalledTimes(2);
  });

  it('drops every page when the catalog drops its kept answers, and keeps no rendering that set out before', async () => {
    const { cache, catalogReplies } = pageCache();
    await cache.page('/products', async () => rendered('<main>old price</main>'));
    let resolve!: (page: RenderedPage) => void;
    const inFlight = cache.page('/product/a', () => new Promise<RenderedPage>((r) => (resolve = r)));
    catalogReplies.forget('product:a');
    resolve(rendered('<main>old a</main>'));
    await inFlight;
    expect(text(await cache.page('/products', async () => rendered('<main>new price</main>')))).toContain(
      'new price',
    );
    expect(text(await cache.page('/product/a', async () => rendered('<main>new a</main>')))).toContain(
      'new a',
    );
  });

  it('drops every page when the settings change (the footer shows the business details)', async () => {
    const { cache, subscribers } = pageCache();
    expect(subscribers).toContain(cache);
    expect(cache.eventTypes).toEqual([EVENTS.settingsUpdated]);
    await cache.page('/terms', async () => rendered('<footer>Old name</footer>'));
    cache.apply();
    expect(text(await cache.page('/terms', async () => rendered('<footer>New name</footer>')))).toContain(
      'New name',
    );
  });

  it('keeps a page rendered just after a drop only as long as the catalog may still answer from before it', async () => {
    jest.useFakeTimers();
    const { cache, catalogReplies } = pageCache();
    catalogReplies.clear();
    await cache.page('/products', async () => rendered('<main>maybe old list</main>'));
    jest.advanceTimersByTime(CATALOG_REPLY_TTL_MS + 1);
    expect(text(await cache.page('/products', async () => rendered('<main>fresh list</main>')))).toContain(
      'fresh list',
    );
    jest.advanceTimersByTime(CATALOG_REPLY_TTL_MS + 1);
    expect(text(await cache.page('/products', async () => rendered('<main>later</main>')))).toContain(
      'fresh list',
    );
  });

  it('keeps no failure', async () => {
    const { cache } = pageCache();
    await expect(cache.page('/', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(text(await cache.page('/', async () => rendered('<main>up</main>')))).toContain('up');
  });
});
