import { Injectable } from '@nestjs/common';
import type { Brand } from '@shop/proto';
import { DataSource } from 'typeorm';

/** What a product list filters on, besides search text. */
export interface ListFilter {
  brand?: Brand;
  /** Compared with the products' `lower(category)`. */
  category?: string;
  minPaise?: number;
  maxPaise?: number;
  minRating: number;
}

const BRANDS: Brand[] = ['ms', 'jaksh'];

/** Every live product's filtered columns, ordered by price, as of one listing version. */
export class ListingColumns {
  private constructor(
    readonly version: string,
    private readonly prices: Int32Array,
    private readonly brands: Uint8Array,
    private readonly categories: Uint16Array,
    private readonly categoryIds: Map<string, number>,
    private readonly ratings: Float64Array,
  ) {}

  static of(
    version: string,
    rows: { price_paise: number; brand: Brand; category: string; rating: number }[],
  ): ListingColumns {
    const sorted = [...rows].sort((a, b) => a.price_paise - b.price_paise);
    const categoryIds = new Map<string, number>();
    const columns = new ListingColumns(
      version,
      new Int32Array(sorted.length),
      new Uint8Array(sorted.length),
      new Uint16Array(sorted.length),
      categoryIds,
      new Float64Array(sorted.length),
    );
    for (const [i, row] of sorted.entries()) {
      if (!categoryIds.has(row.category)) categoryIds.set(row.category, categoryIds.size);
      columns.prices[i] = row.price_paise;
      columns.brands[i] = BRANDS.indexOf(row.brand);
      columns.categories[i] = categoryIds.get(row.category)!;
      columns.ratings[i] = row.rating;
    }
    return columns;
  }

  count(filter: ListFilter): number {
    const from = this.firstAtLeast(filter.minPaise ?? -Infinity);
    const to = this.firstAtLeast((filter.maxPaise ?? Infinity) + 1);
    const brand = filter.brand === undefined ? -1 : BRANDS.indexOf(filter.brand);
    const category = filter.category === undefined ? -1 : (this.categoryIds.get(filter.category) ?? -2);
    if (category === -2) return 0;
    if (brand < 0 && category < 0 && filter.minRating <= 0) return Math.max(0, to - from);
    let n = 0;
    for (let i = from; i < to; i++) {
      if (brand >= 0 && this.brands[i] !== brand) continue;
      if (category >= 0 && this.categories[i] !== category) continue;
      if (this.ratings[i] < filter.minRating) continue;
      n++;
    }
    return n;
  }

  /** The index of the first price at or above `paise` (binary search). */
  private firstAtLeast(paise: number): number {
    let lo = 0;
    let hi = this.prices.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.prices[mid] < paise) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/**
 * "N products" for a list without search text, counted in memory. Issue 13's profile: counting
 * every match was the uncached list's largest cost, in PostgreSQL (5.5 ms at 10k products, ten
 * times that at 100k, for a price filter each shopper sets differently), where a page costs 0.2 ms.
 * The copy holds what the filters look at (price, brand, category, rating) and is exact: it is
 * used only for the listing version the page was read with (product_listing_version, bumped in
 * the transaction of every change to those columns, by any instance), and read again otherwise.
 */
@Injectable()
export class ListTotals {
  private columns?: ListingColumns;
  private loading?: Promise<ListingColumns>;

  constructor(private readonly dataSource: DataSource) {}

  /** The total for the listing `version` a page was read at; undefined when this copy cannot tell. */
  async count(version: string, filter: ListFilter): Promise<number | undefined> {
    let columns = this.columns;
    // A page read before the copy's version: counted by the database.
    if (columns && BigInt(version) < BigInt(columns.version)) return undefined;
    if (columns?.version !== version) {
      this.loading ??= this.load().finally(() => (this.loading = undefined));
      columns = await this.loading;
      if (BigInt(columns.version) >= BigInt(this.columns?.version ?? -1)) this.columns = columns;
    }
    return columns.version === version ? columns.count(filter) : undefined;
  }

  private load(): Promise<ListingColumns> {
    return this.dataSource.transaction('REPEATABLE READ', async (m) => {
      const [{ version }] = await m.query(`SELECT version::text AS version FROM product_listing_version`);
      const rows = await m.query(
        `SELECT price_paise, brand, lower(category) AS category, rating::float8 AS rating
           FROM products WHERE deleted_at IS NULL`,
      );
      return ListingColumns.of(version, rows);
    });
  }
}
