import { Injectable } from '@nestjs/common';
import { EventEnvelope, EVENTS, ProductDeletedEvent, ProductUpsertedEvent } from '@shop/proto';
import { GatewayEvents, GatewayEventSubscriber } from '../back-office/gateway-events';
import { CatalogReplyCache } from './catalog-reply-cache';

/** The key a product page is kept under in CatalogReplyCache. */
export const productPageKey = (id: string) => `product:${id}`;

/**
 * Drops a kept product page when the product changes anywhere in the shop: its stock moves with
 * every order, most of them placed and settled by the order service, not through this gateway.
 * Events missed while disconnected, or a catalog written anew (catalog.reloaded), are made up for
 * by dropping every kept answer.
 */
@Injectable()
export class CatalogChanges implements GatewayEventSubscriber {
  readonly eventTypes = [EVENTS.productUpserted, EVENTS.productDeleted, EVENTS.catalogReloaded];

  constructor(
    events: GatewayEvents,
    private readonly cache: CatalogReplyCache,
  ) {
    events.subscribe(this);
  }

  apply(event: EventEnvelope): void {
    if (event.type === EVENTS.catalogReloaded) return this.cache.clear();
    this.cache.forget(productPageKey((event.data as ProductUpsertedEvent | ProductDeletedEvent).productId));
  }

  resync(): void {
    this.cache.clear();
  }
}
