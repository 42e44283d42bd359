import { Injectable } from '@nestjs/common';
import { RpcError } from '@shop/kit';

/** Long enough to absorb a crowd asking the same thing, short enough that nobody notices. */
export const CATALOG_REPLY_TTL_MS = 2000;
/** A list page is about 20 kB: a thousand answers stay within some 20 MB; the oldest goes first. */
const MAX_ENTRIES = 1000;

/**
 * Public catalog answers every shopper asks for again and again (list pages, the search dropdown,
 * similar products, product pages), kept by the gateway for two seconds as the bytes it sends, so
 * they skip the RPC hop. Concurrent misses for one key share a single call. Changes made through
 * this gateway (products, options, reviews, orders) drop everything at once; a product that changes
 * elsewhere (stock taken or given back by the order service) has its page dropped when its
 * product.upserted event arrives (CatalogChanges); lists show such changes within the TTL. An answer
 * that set out before a drop is never kept.
 */
@Injectable()
export class CatalogReplyCache {
  private readonly entries = new Map<string, { value: unknown; expires: number }>();
  private readonly pending = new Map<string, Promise<unknown>>();
  private readonly dropListeners: Array<() => void> = [];
  private generation = 0;

  /** Called whenever kept answers are dropped: what was built from them (the storefront's pages) goes too. */
  onDrop(listener: () => void): void {
    this.dropListeners.push(listener);
  }

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.value as T;
    const waiting = this.pending.get(key);
    if (waiting) return waiting as Promise<T>;
    const generation = this.generation;
    const call: Promise<T> = load()
      .then((value) => {
        // An answer that set out before a change must not outlive it.
        if (generation === this.generation) {
          if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
          this.entries.set(key, { value, expires: Date.now() + CATALOG_REPLY_TTL_MS });
        }
        return value;
      })
      .finally(() => {
        if (this.pending.get(key) === call) this.pending.delete(key);
      });
    this.pending.set(key, call);
    return call;
  }

  /**
   * Forwards a change and drops every kept answer once it is done. A refusal (4xx) changed
   * nothing; a timeout or failure may have landed, so it drops them too.
   */
  async afterChange<T>(change: Promise<T>): Promise<T> {
    try {
      const result = await change;
      this.clear();
      return result;
    } catch (err) {
      if (!(err instanceof RpcError) || err.payload.status >= 500) this.clear();
      throw err;
    }
  }

  /** Drops one kept answer; one still on its way is not kept either. */
  forget(key: string): void {
    this.generation += 1;
    this.entries.delete(key);
    this.pending.delete(key);
    this.dropped();
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.pending.clear();
    this.dropped();
  }

  private dropped(): void {
    for (const listener of this.dropListeners) listener();
  }
}
