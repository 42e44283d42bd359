import { Injectable, Optional } from '@nestjs/common';
import { EventPublisher, preparedQuery } from '@shop/kit';
import {
  AdminProductView,
  EVENTS,
  ProductDeletedEvent,
  ProductUpsertedEvent,
  ProductView,
} from '@shop/proto';
import { DataSource, EntityManager } from 'typeorm';
import { returning } from '../common/sql';
import { ReadCache } from './read-cache';
import {
  LINK_COLUMNS,
  LinkRow,
  PRODUCT_COLUMNS,
  pricingOptions,
  ProductRow,
  toAdminProductView,
  toProductView,
} from './product-view';

/**
 * Reads products with their linked options, and tells the rest of the shop when one changes. Every
 * change a shopper can see passes here, so this is also where this instance's read cache is dropped.
 */
@Injectable()
export class ProductsRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventPublisher,
    @Optional() private readonly cache?: ReadCache,
  ) {}

  async rows(
    ids: string[],
    manager: EntityManager = this.dataSource.manager,
    { includeDeleted = false } = {},
  ): Promise<ProductRow[]> {
    if (ids.length === 0) return [];
    return manager.query(
      `SELECT ${PRODUCT_COLUMNS} FROM products p WHERE p.id = ANY($1::uuid[])${includeDeleted ? '' : ' AND p.deleted_at IS NULL'}`,
      [ids],
    );
  }

  async links(
    productIds: string[],
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Map<string, LinkRow[]>> {
    const byProduct = new Map<string, LinkRow[]>();
    if (productIds.length === 0) return byProduct;
    const rows: LinkRow[] = await manager.query(
      `SELECT ${LINK_COLUMNS}
         FROM product_customizations l JOIN customization_definitions d ON d.id = l.option_id
        WHERE l.product_id = ANY($1::uuid[])
        ORDER BY l.product_id, l.position`,
      [productIds],
    );
    for (const row of rows) byProduct.set(row.product_id, [...(byProduct.get(row.product_id) ?? []), row]);
    return byProduct;
  }

  /** Views in the order of the rows given. */
  async views(rows: ProductRow[], manager: EntityManager = this.dataSource.manager): Promise<ProductView[]> {
    const links = await this.links(
      rows.map((r) => r.id),
      manager,
    );
    return rows.map((row) => toProductView(row, links.get(row.id) ?? []));
  }

  /**
   * One product with its options, in one statement: the product page asks this for every product
   * shown, so outside a transaction the statement is prepared once per connection.
   */
  async view(id: string, manager?: EntityManager): Promise<ProductView | null> {
    const text = `SELECT ${PRODUCT_COLUMNS},
              (SELECT coalesce(json_agg(x ORDER BY x.position), '[]')
                 FROM (SELECT ${LINK_COLUMNS}
                         FROM product_customizations l JOIN customization_definitions d ON d.id = l.option_id
                        WHERE l.product_id = p.id) x) AS links
         FROM products p WHERE p.id = $1 AND p.deleted_at IS NULL`;
    const [row]: (ProductRow & { links: LinkRow[] })[] = manager
      ? await manager.query(text, [id])
      : await preparedQuery(this.dataSource, 'catalog_product_view', text, [id]);
    return row ? toProductView(row, row.links) : null;
  }

  /** A live product as the back office reads it, inside the caller's transaction. */
  async adminView(id: string, manager: EntityManager): Promise<AdminProductView | null> {
    const [row] = await this.rows([id], manager);
    if (!row) return null;
    const links = await this.links([id], manager);
    return toAdminProductView(row, links.get(id) ?? []);
  }

  /**
   * Publishes product.upserted for each product, from the state inside the caller's transaction,
   * with the version bumped so projections can drop stale copies.
   */
  async publishUpserted(manager: EntityManager, ids: string[]): Promise<void> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return;
    const rows = await returning<ProductRow>(
      manager,
      `UPDATE products p SET version = version + 1 WHERE p.id = ANY($1::uuid[]) AND p.deleted_at IS NULL RETURNING ${PRODUCT_COLUMNS}`,
      [unique],
    );
    await this.publishUpsertedRows(manager, rows);
  }

  /** product.upserted for rows a caller already changed and read back, with their version raised. */
  async publishUpsertedRows(manager: EntityManager, rows: ProductRow[]): Promise<void> {
    this.cache?.clear();
    if (rows.length === 0) return;
    const links = await this.links(
      rows.map((r) => r.id),
      manager,
    );
    for (const row of rows) {
      const event: ProductUpsertedEvent = {
        productId: row.id,
        version: row.version,
        name: row.name,
        brand: row.brand,
        category: row.category,
        pricePaise: row.price_paise,
        image: row.images[0] ?? null,
        stock: row.stock - row.reserved,
        isCustomizable: row.is_customizable,
        allowsImageUpload: row.allows_image_upload,
        availableSizes: row.available_sizes,
        customizationOptions: pricingOptions(links.get(row.id) ?? []),
        deleted: false,
        updatedAt: row.updated_at.toISOString(),
        lowStockThreshold: row.low_stock_threshold,
        createdAt: row.created_at.toISOString(),
      };
      await this.events.publish(manager, EVENTS.productUpserted, event);
    }
  }

  async publishDeleted(
    manager: EntityManager,
    row: Pick<ProductRow, 'id' | 'name' | 'version'>,
    deletedAt: Date,
  ): Promise<void> {
    this.cache?.clear();
    const event: ProductDeletedEvent = {
      productId: row.id,
      version: row.version,
      name: row.name,
      deleted: true,
      deletedAt: deletedAt.toISOString(),
    };
    await this.events.publish(manager, EVENTS.productDeleted, event);
  }
}
