import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG } from '@shop/kit';
import type { CatalogConfig } from '../config/catalog-config';

/**
 * A list page is about 20 kB: a thousand answers stay within some 20 MB; the one used longest ago
 * goes first, so a word every search uses outlives the many pages asked once.
 */
const MAX_ENTRIES = 1000;

/**
 * The shop's hot reads, asked for again and again by every shopper: list pages and their "N
 * products" totals (counting every match costs more than reading the page), product pages,
 * similar products, the search dropdown (shoppers type the same first letters) and what each
 * typed word asks of the search index (shoppers type the same words). Kept for a
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
    const hit = this.used(key, now);
    if (hit) return hit.value as T;
    const startedIn = this.generation;
    const value = await compute();
    this.keep(key, value, now, startedIn);
    return value;
  }

  /** Like get for several keys at once: the missing ones are computed together, in one call. */
  async getMany<T>(keys: string[], compute: (missing: string[]) => Promise<T[]>): Promise<T[]> {
    const now = Date.now();
    const found = new Map<string, T>();
    for (const key of keys) {
      const hit = this.used(key, now);
      if (hit) found.set(key, hit.value as T);
    }
    const missing = [...new Set(keys.filter((key) => !found.has(key)))];
    if (missing.length > 0) {
      const startedIn = this.generation;
      const values = await compute(missing);
      for (const [i, key] of missing.entries()) {
        found.set(key, values[i]);
        this.keep(key, values[i], now, startedIn);
      }
    }
    return keys.map((key) => found.get(key) as T);
  }

  /** A live entry, moved to the end of the eviction order. */
  private used(key: string, now: number): { value: unknown; expires: number } | undefined {
    const hit = this.entries.get(key);
    if (!hit || hit.expires <= now) return undefined;
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }

  private keep(key: string, value: unknown, now: number, startedIn: number): void {
    if (this.ttlMs > 0 && startedIn === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { value, expires: now + this.ttlMs });
    }
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}
