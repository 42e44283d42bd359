import { Injectable } from '@nestjs/common';
import { OnEvent } from '@shop/kit';
import { EVENTS, EventEnvelope, ProductDeletedEvent, ProductUpsertedEvent } from '@shop/proto';
import type { EntityManager } from 'typeorm';

/**
 * The products read model: names, categories, prices and stock for the dashboard. Events carry a
 * version; an older copy never replaces a newer one. A deleted product stays as a tombstone, so its
 * past sales keep their category and a late upsert cannot bring it back; a restore comes with a
 * newer version and does.
 */
@Injectable()
export class ProductsEvents {
  @OnEvent(EVENTS.productUpserted)
  async onUpserted(event: EventEnvelope<ProductUpsertedEvent>, m: EntityManager): Promise<void> {
    const e = event.data;
    await m.query(
      `INSERT INTO products (product_id, version, name, brand, category, price_paise, image, stock, low_stock_threshold,
                             deleted, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, false, $10, $11)
       ON CONFLICT (product_id) DO UPDATE SET
         version = EXCLUDED.version, deleted = false, name = EXCLUDED.name, brand = EXCLUDED.brand, category = EXCLUDED.category,
         price_paise = EXCLUDED.price_paise, image = EXCLUDED.image, stock = EXCLUDED.stock,
         low_stock_threshold = CASE WHEN $12 THEN EXCLUDED.low_stock_threshold ELSE products.low_stock_threshold END,
         created_at = CASE WHEN $13 THEN EXCLUDED.created_at ELSE products.created_at END,
         updated_at = EXCLUDED.updated_at
       WHERE products.version < EXCLUDED.version`,
      [
        e.productId,
        e.version,
        e.name,
        e.brand,
        e.category ?? '',
        e.pricePaise,
        e.image,
        e.stock,
        e.lowStockThreshold ?? null,
        e.createdAt ?? event.occurredAt,
        e.updatedAt,
        e.lowStockThreshold !== undefined,
        e.createdAt !== undefined,
      ],
    );
  }

  @OnEvent(EVENTS.productDeleted)
  async onDeleted(event: EventEnvelope<ProductDeletedEvent>, m: EntityManager): Promise<void> {
    const e = event.data;
    await m.query(
      `INSERT INTO products (product_id, version, name, deleted, created_at, updated_at) VALUES ($1, $2, $3, true, $4, $4)
       ON CONFLICT (product_id) DO UPDATE SET deleted = true, version = EXCLUDED.version, updated_at = EXCLUDED.updated_at
       WHERE products.version <= EXCLUDED.version`,
      [e.productId, e.version, e.name, e.deletedAt],
    );
  }
}
