import { Injectable } from '@nestjs/common';
import { OnEvent } from '@shop/kit';
import { EVENTS, EventEnvelope, ProductDeletedEvent, ProductUpsertedEvent } from '@shop/proto';
import type { EntityManager } from 'typeorm';

/** Keeps the cart's projection of the catalog: what lines are priced and shown from. */
@Injectable()
export class ProductsEvents {
  @OnEvent(EVENTS.productUpserted)
  async onUpserted({ data: p }: EventEnvelope<ProductUpsertedEvent>, m: EntityManager): Promise<void> {
    await m.query(
      `INSERT INTO cart_products
         (id, version, name, brand, category, price_paise, image, stock, allows_image_upload, available_sizes, options, deleted, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT (id) DO UPDATE SET
         version = EXCLUDED.version, name = EXCLUDED.name, brand = EXCLUDED.brand, category = EXCLUDED.category,
         price_paise = EXCLUDED.price_paise, image = EXCLUDED.image, stock = EXCLUDED.stock,
         allows_image_upload = EXCLUDED.allows_image_upload, available_sizes = EXCLUDED.available_sizes,
         options = EXCLUDED.options, deleted = EXCLUDED.deleted, updated_at = EXCLUDED.updated_at
       WHERE cart_products.version < EXCLUDED.version`,
      [
        p.productId,
        p.version,
        p.name,
        p.brand,
        p.category,
        p.pricePaise,
        p.image,
        Math.max(0, p.stock),
        p.allowsImageUpload,
        JSON.stringify(p.availableSizes ?? []),
        JSON.stringify(p.customizationOptions ?? []),
        p.deleted,
        p.updatedAt,
      ],
    );
  }

  /** A product the cart never saw needs no row: no line can hold it. */
  @OnEvent(EVENTS.productDeleted)
  async onDeleted({ data: p }: EventEnvelope<ProductDeletedEvent>, m: EntityManager): Promise<void> {
    await m.query(
      `UPDATE cart_products SET deleted = true, version = $2, name = $3, updated_at = $4 WHERE id = $1 AND version < $2`,
      [p.productId, p.version, p.name, p.deletedAt],
    );
  }
}
