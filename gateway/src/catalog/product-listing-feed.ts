import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { RpcClient, shopMetrics } from '@shop/kit';
import {
  EventEnvelope,
  EVENTS,
  PRODUCT_LISTING_MAX_PAGE,
  ProductDeletedEvent,
  ProductListingPage,
  ProductListQuery,
  ProductUpsertedEvent,
  RPC,
  searchQuerySchema,
  searchWords,
} from '@shop/proto';
import { GatewayEvents, GatewayEventSubscriber, Resync } from '../back-office/gateway-events';
import { CatalogReplyCache } from './catalog-reply-cache';
import { ProductListing } from './product-listing';
import { SearchWordTermsCache } from './search-word-terms';

const LISTING_RPC_TIMEOUT_MS = 10_000;

/**
 * Keeps this gateway's copy of the product list (ProductListing): loaded from the catalog a page
 * at a time at start, after every reconnect and on catalog.reloaded, and kept current by
 * product.upserted and product.deleted, which the catalog publishes with every change a card shows
 * (price, stock, pictures, rating). Events that arrive while it loads go into the copy being
 * loaded; versions settle which is newer.
 *
 * Until the copy is loaded, the catalog answers. It also answers for a while after a change made
 * through this gateway, so the one who made it sees it at once, before its event has come back.
 */
@Injectable()
export class ProductListingFeed implements GatewayEventSubscriber, OnApplicationShutdown {
  readonly eventTypes = [EVENTS.productUpserted, EVENTS.productDeleted, EVENTS.catalogReloaded];
  private readonly logger = new Logger(ProductListingFeed.name);
  private readonly resyncer: Resync;
  /** The copy answering lists. */
  private listing?: ProductListing;
  /** The copy being loaded. */
  private loading?: ProductListing;
  private readonly words: SearchWordTermsCache;

  constructor(
    events: GatewayEvents,
    private readonly rpc: RpcClient,
    private readonly cache: CatalogReplyCache,
  ) {
    events.subscribe(this);
    this.words = new SearchWordTermsCache(rpc);
    this.resyncer = new Resync('the product list', () => this.load(), this.logger);
    shopMetrics().productListFrom(() => this.listing?.size ?? 0);
  }

  /** The list page's JSON from the copy, or null when the catalog must answer. */
  answer(query: ProductListQuery): string | null {
    if (!this.listing || !this.cache.settled) return null;
    return this.listing.answer(query);
  }

  /**
   * The search dropdown's JSON from the copy, or null when the catalog must answer (as for lists,
   * and for text the copy cannot search: see ProductListing.search). Issue 13: a distinct search
   * cost 2.3 ms of CPU through the catalog and PostgreSQL, which kept its p99 at 50 connections
   * over twice the 50 ms target; from the copy it is the gateway's HTTP work and some 0.1 ms.
   */
  async search(q: unknown): Promise<string | null> {
    const listing = this.listing;
    if (!listing || !this.cache.settled) return null;
    const parsed = searchQuerySchema.safeParse({ q });
    if (!parsed.success) return null;
    const words = searchWords(parsed.data.q);
    if (words.length === 0) return `{"success":true,"products":[]}`;
    let terms;
    try {
      terms = await this.words.terms(words);
    } catch {
      // The catalog is asked the whole search instead, and says what went wrong.
      return null;
    }
    if (listing !== this.listing) return null;
    return listing.search(words, terms);
  }

  apply(event: EventEnvelope): void {
    if (event.type === EVENTS.catalogReloaded) return this.resync();
    const copies = [this.listing, this.loading].filter((c): c is ProductListing => !!c);
    if (event.type === EVENTS.productDeleted) {
      const deleted = event.data as ProductDeletedEvent;
      for (const copy of copies) copy.delete(deleted.productId, deleted.version);
      return;
    }
    const upserted = event.data as ProductUpsertedEvent;
    if (!upserted.listing) {
      // Published by a catalog older than this gateway: the copy is loaded again, and the catalog answers meanwhile.
      if (!this.loading) {
        this.logger.warn(`product.upserted without a listing entry: loading the product list again`);
        this.resync();
      }
      return;
    }
    let renamed = false;
    for (const copy of copies)
      renamed = copy.upsert(upserted.productId, upserted.version, upserted.listing) || renamed;
    if (renamed) this.words.clear();
  }

  resync(): void {
    this.listing = undefined;
    this.loading = new ProductListing();
    this.words.clear();
    this.resyncer.start();
  }

  private async load(): Promise<void> {
    const copy = this.loading;
    if (!copy) return;
    let after: string | null = null;
    do {
      const page: ProductListingPage = await this.rpc.call<ProductListingPage>(
        RPC.catalog.productListing,
        { after, limit: PRODUCT_LISTING_MAX_PAGE },
        { timeoutMs: LISTING_RPC_TIMEOUT_MS },
      );
      // A newer resync started another copy: this one is dropped.
      if (this.loading !== copy) return;
      copy.nameOrder = page.nameOrder;
      for (const { version, ...entry } of page.entries) copy.upsert(entry.card._id, version, entry);
      after = page.next;
    } while (after);
    this.listing = copy;
    this.loading = undefined;
    this.logger.log(`product list copy loaded: ${copy.size} products, names in ${copy.nameOrder} order`);
  }

  onApplicationShutdown(): void {
    this.resyncer.stop();
  }
}
