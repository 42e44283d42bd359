import { Injectable } from '@nestjs/common';
import { APP_CSP_DIRECTIVES, contentSecurityPolicy, EVENTS } from '@shop/proto';
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { GatewayEvents, GatewayEventSubscriber } from '../back-office/gateway-events';
import { CATALOG_REPLY_TTL_MS, CatalogReplyCache } from '../catalog/catalog-reply-cache';
import { ReplyBytes } from '../common/reply-bytes';

/** A page as the storefront's server answered it, whole, with its end-to-end headers. */
export interface RenderedPage {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A page kept to be sent again: its bytes, and the headers it goes out with. */
export interface KeptPage {
  bytes: ReplyBytes;
  contentType: string;
  cacheControl: string;
  /** Its end-to-end headers but those sendReplyBytes sets, with the policy of its script hashes. */
  headers: Record<string, string | string[]>;
}

/** How long a page is kept while nothing it shows changes; events drop it sooner. */
export const PAGE_TTL_MS = 60_000;
/** A larger answer is passed on, never kept. */
export const MAX_KEPT_PAGE_BYTES = 1024 * 1024;
/** Some 500 list pages of 100 kB: the oldest goes first. */
const MAX_KEPT_BYTES = 48 * 1024 * 1024;

/** Headers of the answer that are the sender's to set again, or are replaced. */
const RESET_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'content-type',
  'cache-control',
  'content-security-policy',
  'date',
  'etag',
  'vary',
  'x-request-id',
]);

/**
 * React's marks of a Suspense boundary that was still pending when the shell went out (`$?`) or
 * fell back to the browser (`$!`): such a page was streamed in parts, for the client that asked.
 */
const STREAMED_BOUNDARY = /<!--\$[?!]-->/;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64');

/**
 * The page's HTML without its nonce, and the SHA-256 hashes of the inline scripts that carried it:
 * a kept page goes to many shoppers, and a nonce must never be sent twice, so the policy names
 * its inline scripts by their hashes instead (CSP Level 2). What React Router writes between the
 * script tags is their text exactly (it escapes `<` in its data), so the hash is over those bytes.
 */
export function scriptHashesForNonce(html: string, nonce: string): { html: string; hashes: string[] } {
  const attribute = ` nonce="${nonce}"`;
  const hashes = new Set<string>();
  const withoutScriptNonces = html.replace(
    /<script\b([^>]*)>([\s\S]*?)<\/script>/g,
    (whole: string, attributes: string, text: string) => {
      if (!attributes.includes(attribute)) return whole;
      if (!/\bsrc=/.test(attributes)) hashes.add(sha256(text));
      return `<script${attributes.replace(attribute, '')}>${text}</script>`;
    },
  );
  // What else carries it (module preloads) needs no nonce under 'self'.
  return { html: withoutScriptNonces.split(attribute).join(''), hashes: [...hashes] };
}

function header(headers: IncomingHttpHeaders, name: string): string {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

/**
 * The page to keep, or null when it must not be: only a whole HTML page that went well, set no
 * cookie, was not streamed in parts, and whose inline scripts the policy allows by one nonce.
 */
export function pageToKeep(page: RenderedPage): KeptPage | null {
  const contentType = header(page.headers, 'content-type');
  if (page.status !== 200 || !contentType.startsWith('text/html') || page.headers['set-cookie']) return null;
  if (page.body.length > MAX_KEPT_PAGE_BYTES) return null;
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(header(page.headers, 'content-security-policy'))?.[1];
  if (!nonce) return null;
  const html = page.body.toString('utf8');
  if (STREAMED_BOUNDARY.test(html)) return null;
  const hashed = scriptHashesForNonce(html, nonce);
  const headers: KeptPage['headers'] = {};
  for (const [name, value] of Object.entries(page.headers)) {
    if (value !== undefined && !RESET_HEADERS.has(name)) headers[name] = value;
  }
  headers['content-security-policy'] = contentSecurityPolicy(APP_CSP_DIRECTIVES, { hashes: hashed.hashes });
  return {
    bytes: new ReplyBytes(Buffer.from(hashed.html, 'utf8')),
    contentType,
    cacheControl: header(page.headers, 'cache-control') || 'no-cache',
    headers,
  };
}

/**
 * The storefront's pages as its server rendered them, kept by the gateway as the bytes it sends
 * (shared/DESIGN.md: replies cached as bytes, dropped by the owners' events). A page holds nothing
 * of one person's (that is filled in after hydration), so one rendering serves every shopper until
 * what it shows changes: whenever the catalog's kept answers are dropped (a change through this
 * gateway, or a product's event from elsewhere, CatalogChanges) and on `settings.updated` (the
 * footer's business details), every page goes. Concurrent misses of one page share one rendering.
 *
 * For CATALOG_REPLY_TTL_MS after a drop, the catalog may still answer a list from before it, so a
 * page rendered then is kept no longer than that answer; a rendering that set out before a drop is
 * not kept at all.
 */
@Injectable()
export class StorefrontPageCache implements GatewayEventSubscriber {
  readonly eventTypes = [EVENTS.settingsUpdated];
  private readonly pages = new Map<string, { page: KeptPage; expires: number }>();
  private readonly pending = new Map<string, Promise<KeptPage | null>>();
  private keptBytes = 0;
  private generation = 0;
  private droppedAt = Number.NEGATIVE_INFINITY;

  constructor(events: GatewayEvents, catalogReplies: CatalogReplyCache) {
    events.subscribe(this);
    catalogReplies.onDrop(() => this.clear());
  }

  /**
   * The kept page for `key`, or the rendering of `render` (kept when it may be). A shopper who
   * asks while the same page is being rendered gets that rendering when it may be kept, and a
   * rendering of their own when not.
   */
  async page(key: string, render: () => Promise<RenderedPage>): Promise<KeptPage | RenderedPage> {
    const hit = this.pages.get(key);
    if (hit && hit.expires > Date.now()) return hit.page;
    const waiting = this.pending.get(key);
    if (waiting) return (await waiting) ?? render();

    const generation = this.generation;
    const started = Date.now();
    let settle!: (page: KeptPage | null) => void;
    const shared = new Promise<KeptPage | null>((resolve) => (settle = resolve));
    this.pending.set(key, shared);
    try {
      const rendered = await render();
      const kept = pageToKeep(rendered);
      settle(kept);
      if (kept && generation === this.generation) this.keep(key, kept, started);
      return kept ?? rendered;
    } catch (err) {
      settle(null);
      throw err;
    } finally {
      if (this.pending.get(key) === shared) this.pending.delete(key);
    }
  }

  apply(): void {
    this.clear();
  }

  /** Settings changed while the gateway was not listening may show on any page. */
  resync(): void {
    this.clear();
  }

  clear(): void {
    this.generation += 1;
    this.droppedAt = Date.now();
    this.pages.clear();
    this.pending.clear();
    this.keptBytes = 0;
  }

  private keep(key: string, page: KeptPage, started: number): void {
    const ttl = started - this.droppedAt < CATALOG_REPLY_TTL_MS ? CATALOG_REPLY_TTL_MS : PAGE_TTL_MS;
    this.forget(key);
    this.pages.set(key, { page, expires: started + ttl });
    this.keptBytes += page.bytes.body.length;
    for (const oldest of this.pages.keys()) {
      if (this.keptBytes <= MAX_KEPT_BYTES) break;
      this.forget(oldest);
    }
  }

  private forget(key: string): void {
    const entry = this.pages.get(key);
    if (!entry) return;
    this.keptBytes -= entry.page.bytes.body.length;
    this.pages.delete(key);
  }
}
