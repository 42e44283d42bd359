import { Injectable } from '@nestjs/common';
import { RpcError } from '@shop/kit';
import {
  AdminProductListQuery,
  AdminProductListReply,
  AdminProductView,
  CATALOG_MESSAGES as M,
  encodeListCursor,
  ModifierPaise,
  PriceModifier,
  ProductCreateInput,
  ProductListQuery,
  ProductCardView,
  ProductListReply,
  ProductUpdateInput,
  ProductView,
  toPaise,
  searchWords,
} from '@shop/proto';
import { DataSource, EntityManager } from 'typeorm';
import { isUuid } from '../common/ids';
import { returning } from '../common/sql';
import { LowStockNotifier } from '../stock/low-stock.notifier';
import { decodeCursor } from './list-cursor';
import { ListFilter, ListTotals } from './list-totals';
import { ProductSearchService } from './product-search.service';
import {
  CARD_COLUMNS,
  CardRow,
  PRODUCT_COLUMNS,
  ProductRow,
  toAdminProductView,
  toProductCardView,
} from './product-view';
import { ProductsRepository } from './products.repository';
import { ReadCache } from './read-cache';

/**
 * How each sort orders, and how a cursor continues it: the key column, the key as a cursor holds
 * it (read with the page, only that one: each column a row costs the catalog its parsing), and direction.
 */
const SORTS = {
  'name-asc': { key: 'p.name_key', cursorKey: 'p.name_key', dir: 'ASC' },
  'name-desc': { key: 'p.name_key', cursorKey: 'p.name_key', dir: 'DESC' },
  'price-asc': { key: 'p.price_paise', cursorKey: 'p.price_paise', dir: 'ASC' },
  'price-desc': { key: 'p.price_paise', cursorKey: 'p.price_paise', dir: 'DESC' },
  newest: { key: 'p.created_at', cursorKey: 'p.created_at::text', dir: 'DESC' },
} as const;

/** Columns written from the product form; money in paise. `stock` is handled apart (reservations). */
const WRITABLE: {
  column: string;
  value: (input: ProductUpdateInput) => unknown;
  present: (input: ProductUpdateInput) => boolean;
}[] = [
  field('name', 'name'),
  field('description', 'description'),
  field('category', 'category'),
  field('brand', 'brand'),
  field('price', 'price_paise', (v: number) => toPaise(v)),
  field('originalPrice', 'original_price_paise', (v: number | null) => (v === null ? null : toPaise(v))),
  field('images', 'images'),
  field('tags', 'tags'),
  field('sku', 'sku'),
  field('weight', 'weight_grams'),
  field('dimensions', 'dimensions', (v: unknown) => (v === null ? null : JSON.stringify(v))),
  field('isNew', 'is_new'),
  field('isBestSeller', 'is_best_seller'),
  field('allowsImageUpload', 'allows_image_upload'),
  field('availableSizes', 'available_sizes'),
  field('turnaroundTime', 'turnaround_time'),
  field('lowStockThreshold', 'low_stock_threshold'),
  field('isCustomizable', 'is_customizable'),
  field('hsnCode', 'hsn_code'),
];

function field<K extends keyof ProductUpdateInput>(
  key: K,
  column: string,
  convert: (v: any) => unknown = (v) => v,
) {
  return {
    column,
    present: (input: ProductUpdateInput) => input[key] !== undefined,
    value: (input: ProductUpdateInput) => convert(input[key]),
  };
}

const modifierPaise = (m: PriceModifier | null | undefined): ModifierPaise | null =>
  m ? { operator: m.operator, value: toPaise(m.value) } : null;

@Injectable()
export class ProductsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly products: ProductsRepository,
    private readonly lowStock: LowStockNotifier,
    private readonly searcher: ProductSearchService,
    private readonly cache: ReadCache,
    private readonly totals: ListTotals,
  ) {}

  /** `GET /products`: filters, one of five sorts, and a page or a cursor for infinite scroll. */
  list(query: ProductListQuery): Promise<ProductListReply> {
    return this.cache.get(`list:${JSON.stringify(query)}`, () => this.readList(query));
  }

  private async readList(query: ProductListQuery): Promise<ProductListReply> {
    const where = ['p.deleted_at IS NULL'];
    const params: unknown[] = [];
    const param = (value: unknown) => `$${params.push(value)}`;
    const filter: ListFilter = {
      brand: query.brand,
      category: query.category?.toLowerCase(),
      minPaise: query.minPrice === undefined ? undefined : toPaise(query.minPrice),
      maxPaise: query.maxPrice === undefined ? undefined : toPaise(query.maxPrice),
      minRating: query.minRating,
    };
    if (filter.brand) where.push(`p.brand = ${param(filter.brand)}`);
    if (filter.category) where.push(`lower(p.category) = ${param(filter.category)}`);
    if (filter.minPaise !== undefined) where.push(`p.price_paise >= ${param(filter.minPaise)}`);
    if (filter.maxPaise !== undefined) where.push(`p.price_paise <= ${param(filter.maxPaise)}`);
    if (filter.minRating > 0) where.push(`p.rating >= ${param(filter.minRating)}`);
    const words = query.search ? searchWords(query.search) : [];
    const matches = words.length ? (await this.searcher.queries(words)).matches : null;
    if (query.search && matches === null)
      return {
        success: true,
        products: [],
        total: 0,
        page: query.page,
        limit: query.limit,
        hasMore: false,
        nextCursor: null,
      };
    if (matches !== null) where.push(`p.search_tsv @@ ${param(matches)}::tsquery`);
    const filters = [...where];
    const filterParams = [...params];

    const sort = SORTS[query.sort];
    const cmp = sort.dir === 'ASC' ? '>' : '<';
    let offset = (query.page - 1) * query.limit;
    if (query.cursor) {
      const cursor = decodeCursor(query.cursor, query.sort);
      const key = sort.key === 'p.created_at' ? `${param(cursor.key)}::timestamptz` : param(cursor.key);
      where.push(`(${sort.key}, p.id) ${cmp} (${key}, ${param(cursor.id)}::uuid)`);
      offset = 0;
    }
    const rows: (CardRow & { cursor_key: string | number; listing_version: string })[] =
      await this.dataSource.query(
        `SELECT ${CARD_COLUMNS}, ${sort.cursorKey} AS cursor_key,
                (SELECT version::text FROM product_listing_version) AS listing_version
           FROM products p
          WHERE ${where.join(' AND ')}
          ORDER BY ${sort.key} ${sort.dir}, p.id ${sort.dir}
          LIMIT ${query.limit + 1} OFFSET ${offset}`,
        params,
      );
    const hasMore = rows.length > query.limit;
    // A numbered page that reaches the end already says how many there are: a search usually does.
    const counted =
      !hasMore && !query.cursor && (rows.length > 0 || offset === 0)
        ? offset + rows.length
        : matches !== null || rows.length === 0
          ? undefined
          : await this.totals.count(rows[0].listing_version, filter);
    const total =
      counted ??
      (await this.cache.get(`total:${JSON.stringify([filters, filterParams])}`, async () => {
        const [row] = await this.dataSource.query(
          `SELECT count(*)::int AS total FROM products p WHERE ${filters.join(' AND ')}`,
          filterParams,
        );
        return row.total as number;
      }));
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    const nextCursor =
      hasMore && last
        ? encodeListCursor({ sort: query.sort, key: last.cursor_key, id: last.id })
        : null;
    return {
      success: true,
      products: page.map(toProductCardView),
      total,
      page: query.page,
      limit: query.limit,
      hasMore,
      nextCursor,
    };
  }

  /** A malformed id is reported like a missing product: the storefront shows "Product Not Found". */
  async get(id: string): Promise<{ success: true; product: ProductView }> {
    if (!isUuid(id)) throw RpcError.badRequest(M.productNotFound);
    return this.cache.get(`product:${id}`, async () => {
      const product = await this.products.view(id);
      if (!product) throw RpcError.notFound(M.productNotFound);
      return { success: true as const, product };
    });
  }

  /** Products by id, in the order asked, leaving out any that no longer exist (wishlists, orders). */
  async many(ids: string[]): Promise<{ success: true; products: ProductView[] }> {
    const rows = await this.products.rows(ids);
    const byId = new Map((await this.products.views(rows)).map((p) => [p._id, p]));
    return { success: true, products: ids.map((id) => byId.get(id)).filter((p): p is ProductView => !!p) };
  }

  /** Same category first, best rated first; then the same brand when the category is small. */
  async similar(id: string, limit: number): Promise<{ success: true; products: ProductCardView[] }> {
    if (!isUuid(id)) throw RpcError.badRequest(M.productNotFound);
    return this.cache.get(`similar:${id}:${limit}`, () => this.readSimilar(id, limit));
  }

  private async readSimilar(
    id: string,
    limit: number,
  ): Promise<{ success: true; products: ProductCardView[] }> {
    const [product] = await this.products.rows([id]);
    if (!product) throw RpcError.notFound(M.productNotFound);
    const rows: CardRow[] = await this.dataSource.query(
      `SELECT ${CARD_COLUMNS} FROM products p
        WHERE p.deleted_at IS NULL AND lower(p.category) = lower($1) AND p.id <> $2
        ORDER BY p.rating DESC, p.review_count DESC, p.name_key LIMIT $3`,
      [product.category, id, limit],
    );
    if (rows.length < limit) {
      const more: CardRow[] = await this.dataSource.query(
        `SELECT ${CARD_COLUMNS} FROM products p
          WHERE p.deleted_at IS NULL AND p.brand = $1 AND p.id <> ALL($2::uuid[])
          ORDER BY p.name_key, p.id LIMIT $3`,
        [product.brand, [id, ...rows.map((r) => r.id)], limit - rows.length],
      );
      rows.push(...more);
    }
    return { success: true, products: rows.map(toProductCardView) };
  }

  /** The back office's products screen: every live product, newest first, and the summary cards. */
  async adminList(query: AdminProductListQuery): Promise<AdminProductListReply> {
    const where = ['p.deleted_at IS NULL'];
    const params: unknown[] = [];
    if (query.search) {
      params.push(`%${query.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      where.push(`(p.name_key LIKE $1 OR lower(p.description) LIKE $1 OR lower(p.category) LIKE $1)`);
    }
    const rows: ProductRow[] = await this.dataSource.query(
      `SELECT ${PRODUCT_COLUMNS} FROM products p WHERE ${where.join(' AND ')}
        ORDER BY p.created_at DESC, p.id DESC LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`,
      params,
    );
    const [summary] = await this.dataSource.query(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE brand = 'ms')::int AS ms,
              count(*) FILTER (WHERE brand = 'jaksh')::int AS jaksh,
              count(*) FILTER (WHERE stock - reserved BETWEEN 1 AND 10)::int AS "lowStock",
              count(*) FILTER (WHERE stock - reserved = 0)::int AS "outOfStock"
         FROM products WHERE deleted_at IS NULL`,
    );
    const [{ total }] = await this.dataSource.query(
      `SELECT count(*)::int AS total FROM products p WHERE ${where.join(' AND ')}`,
      params,
    );
    const links = await this.products.links(rows.map((r) => r.id));
    return {
      success: true,
      products: rows.map((r) => toAdminProductView(r, links.get(r.id) ?? [])),
      total,
      page: query.page,
      summary,
    };
  }

  /**
   * `POST /admin2009/products`. With the `_id` of a deleted product it restores that product with
   * the posted fields: the back office's undo re-posts what it deleted.
   */
  async create(
    input: ProductCreateInput,
  ): Promise<{ success: true; product: AdminProductView; _id: string; restored: boolean }> {
    return this.write(async (m) => {
      let restored = false;
      let id: string;
      if (input._id) {
        const [existing] = await m.query(`SELECT id, deleted_at FROM products WHERE id = $1 FOR UPDATE`, [
          input._id,
        ]);
        if (existing && !existing.deleted_at)
          throw RpcError.conflict('A product with this id already exists');
        restored = !!existing;
      }
      if (restored) {
        id = input._id!;
        await this.updateColumns(m, id, input, { restore: true });
      } else {
        const columns = WRITABLE.filter((w) => w.present(input));
        const values = columns.map((w) => w.value(input));
        const [row] = await m.query(
          `INSERT INTO products (${[...(input._id ? ['id'] : []), ...columns.map((c) => c.column), 'stock'].join(', ')})
           VALUES (${[...(input._id ? [input._id] : []), ...values, input.stock].map((_, i) => `$${i + 1}`).join(', ')})
           RETURNING id`,
          [...(input._id ? [input._id] : []), ...values, input.stock],
        );
        id = row.id;
      }
      await this.replaceLinks(m, id, input.customizations);
      if (input.isCustomizable === undefined) await this.deriveCustomizable(m, id);
      await this.products.publishUpserted(m, [id]);
      const product = (await this.products.adminView(id, m))!;
      return { success: true as const, product, _id: id, restored };
    });
  }

  /** `PATCH /admin2009/products/{id}`: the fields sent, each checked as on create. */
  async update(id: string, input: ProductUpdateInput): Promise<{ success: true; product: AdminProductView }> {
    if (!isUuid(id)) throw RpcError.badRequest(M.invalidProductId);
    return this.write(async (m) => ({ success: true as const, product: await this.updateIn(m, id, input) }));
  }

  /**
   * The back office's save, in the caller's transaction: the product is locked, the fields sent are
   * written, carts hear of it (product.upserted) and a fall to the threshold raises stock.low.
   * `stock` is what shoppers can buy. A received reorder adds its units through here too, so its
   * stock reaches everything a save from the form reaches; the caller drops the read cache once
   * its transaction has committed.
   */
  async updateIn(m: EntityManager, id: string, input: ProductUpdateInput): Promise<AdminProductView> {
    const [before]: ProductRow[] = await m.query(
      `SELECT ${PRODUCT_COLUMNS} FROM products p WHERE p.id = $1 AND p.deleted_at IS NULL FOR UPDATE`,
      [id],
    );
    if (!before) throw RpcError.notFound(M.productNotFound);
    await this.updateColumns(m, id, input, { restore: false });
    if (input.customizations !== undefined) await this.replaceLinks(m, id, input.customizations);
    if (input.isCustomizable === undefined) await this.deriveCustomizable(m, id);
    await this.products.publishUpserted(m, [id]);
    const [after] = await this.products.rows([id], m);
    await this.lowStock.check(m, before, after);
    return (await this.products.adminView(id, m))!;
  }

  /**
   * Soft delete: reviews, reservations and orders keep pointing at it, and it can be restored. The
   * deletion is its last change, which the sitemap dates its brand's and category's lists by.
   */
  async remove(id: string): Promise<{ success: true; message: string }> {
    if (!isUuid(id)) throw RpcError.badRequest(M.invalidProductId);
    return this.write(async (m) => {
      const [row] = await returning(
        m,
        `UPDATE products SET deleted_at = now(), updated_at = now(), version = version + 1
          WHERE id = $1 AND deleted_at IS NULL RETURNING id, name, version, deleted_at`,
        [id],
      );
      if (!row) throw RpcError.notFound(M.productNotFound);
      await this.products.publishDeleted(m, row, row.deleted_at);
      return { success: true as const, message: 'Product deleted' };
    });
  }

  private async write<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    try {
      const result = await this.dataSource.transaction(work);
      this.cache.clear();
      return result;
    } catch (err) {
      if (err?.code === '23505' && String(err.constraint ?? err.detail).includes('sku')) {
        throw RpcError.conflict('A product with this SKU already exists');
      }
      throw err;
    }
  }

  /** The admin sets how many units can be sold; units held by unpaid orders stay held on top. */
  private async updateColumns(
    m: EntityManager,
    id: string,
    input: ProductUpdateInput,
    { restore }: { restore: boolean },
  ) {
    const params: unknown[] = [id];
    const sets = WRITABLE.filter((w) => w.present(input)).map(
      (w) => `${w.column} = $${params.push(w.value(input))}`,
    );
    if (input.stock !== undefined) sets.push(`stock = $${params.push(input.stock)} + reserved`);
    if (restore) sets.push('deleted_at = NULL');
    sets.push('updated_at = now()');
    await m.query(`UPDATE products SET ${sets.join(', ')} WHERE id = $1`, params);
  }

  private async replaceLinks(
    m: EntityManager,
    productId: string,
    links: ProductCreateInput['customizations'],
  ): Promise<void> {
    const unique = [...new Map(links.map((l) => [l.optionId, l])).values()];
    if (unique.length) {
      const found: { id: string }[] = await m.query(
        `SELECT id FROM customization_definitions WHERE id = ANY($1::uuid[])`,
        [unique.map((l) => l.optionId)],
      );
      if (found.length !== unique.length) throw RpcError.badRequest(M.customizationNotFound);
    }
    await m.query(`DELETE FROM product_customizations WHERE product_id = $1`, [productId]);
    for (const [position, link] of unique.entries()) {
      await m.query(
        `INSERT INTO product_customizations (product_id, option_id, position, enabled, price_modifier, options) VALUES ($1, $2, $3, $4, $5, $6)`,
        [
          productId,
          link.optionId,
          position,
          link.enabled,
          link.priceModifier ? JSON.stringify(modifierPaise(link.priceModifier)) : null,
          link.options
            ? JSON.stringify(
                link.options.map((o) => ({ value: o.value, priceModifier: modifierPaise(o.priceModifier) })),
              )
            : null,
        ],
      );
    }
  }

  /** Customizable unless the form says otherwise: it offers options, sizes or an image upload. */
  private async deriveCustomizable(m: EntityManager, productId: string): Promise<void> {
    await m.query(
      `UPDATE products p SET is_customizable = p.allows_image_upload OR cardinality(p.available_sizes) > 0
          OR EXISTS (SELECT 1 FROM product_customizations l WHERE l.product_id = p.id AND l.enabled)
        WHERE p.id = $1`,
      [productId],
    );
  }
}
