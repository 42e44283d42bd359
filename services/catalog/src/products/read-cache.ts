import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG } from '@shop/kit';
import type { CatalogConfig } from '../config/catalog-config';

/** A list page is about 20 kB: a thousand answers stay within some 20 MB; the oldest goes first. */
const MAX_ENTRIES = 1000;

/**
 * The shop's hot reads, asked for again and again by every shopper: list pages and their "N
 * products" totals (counting every match costs more than reading the page), product pages,
 * similar products and the search dropdown (shoppers type the same first letters). Kept for a
 * few seconds and dropped whenever this instance changes anything a shopper sees (products, stock,
 * reviews, options); a change made by another instance shows within the TTL.
 */
@Injectable()
export class ReadCache {
  private readonly entries = new Map<string, { value: unknown; expires: number }>();
  private readonly ttlMs: number;
  /**
   * Bumped by every clear(): a read that began before a change and finishes after it would
   * otherwise store the old answer past the change (seen as stock still showing 2 after the last
   * unit sold).
   */
  private generation = 0;

  constructor(@Inject(SERVICE_CONFIG) config: CatalogConfig) {
    this.ttlMs = config.READ_CACHE_MS;
  }

  async get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value as T;
    const startedIn = this.generation;
    const value = await compute();
    if (this.ttlMs > 0 && startedIn === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { value, expires: now + this.ttlMs });
    }
    return value;
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}
