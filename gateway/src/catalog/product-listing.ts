import {
  Brand,
  encodeListCursor,
  parseListCursor,
  ProductListingEntry,
  ProductListQuery,
  ProductSort,
  SEARCH_DROPDOWN_LIMIT,
  SearchWordTerms,
  toPaise,
} from '@shop/proto';
import { Alternatives, ProductSearchIndex } from './product-search-index';
import { similarityTo } from './word-similarity';

interface Entry {
  id: string;
  version: number;
  deleted: boolean;
  /** The card as the reply carries it, serialized once per change. */
  json: string;
  nameKey: string;
  /** Whether `<` on the name key is its UTF-8 byte order: no character from U+D800 up. */
  plainName: boolean;
  categoryKey: string;
  brand: Brand;
  pricePaise: number;
  rating: number;
  createdMicros: number;
  reviewCount: number;
  /** The dropdown's hit, made from `json` when first shown. */
  hit?: string;
  /** Interned ids of the name's lexemes, then of the body's (ProductSearchIndex). */
  lexemes: Int32Array;
  nameLexemes: number;
}

/** Word matches are ranked among at most this many candidates (the catalog's CANDIDATES). */
const SEARCH_CANDIDATES = 200;
/** Text shorter than this only matches the start of names (the catalog's MIN_WORD_START). */
const MIN_WORD_START = 2;

type Order = 'name' | 'price' | 'created';

/** Each sort: the order it walks, ascending or not (ties go by id the same way, as in the catalog's SQL). */
const SORTS: Record<ProductSort, { order: Order; ascending: boolean }> = {
  'name-asc': { order: 'name', ascending: true },
  'name-desc': { order: 'name', ascending: false },
  'price-asc': { order: 'price', ascending: true },
  'price-desc': { order: 'price', ascending: false },
  newest: { order: 'created', ascending: false },
};

const beyondSurrogates = /[\ud800-\uffff]/;

function compareNames(a: Entry, b: Entry): number {
  if (a.plainName && b.plainName) return a.nameKey < b.nameKey ? -1 : a.nameKey > b.nameKey ? 1 : 0;
  return Buffer.compare(Buffer.from(a.nameKey), Buffer.from(b.nameKey));
}

const compareIds = (a: Entry, b: Entry) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

const COMPARE: Record<Order, (a: Entry, b: Entry) => number> = {
  name: (a, b) => compareNames(a, b) || compareIds(a, b),
  price: (a, b) => a.pricePaise - b.pricePaise || compareIds(a, b),
  created: (a, b) => a.createdMicros - b.createdMicros || compareIds(a, b),
};

/** A timestamp as the newest sort's cursor carries it: ISO 8601 to the microsecond, which PostgreSQL reads. */
function microsText(micros: number): string {
  const ms = Math.floor(micros / 1000);
  return `${new Date(ms).toISOString().slice(0, 23)}${String(micros - ms * 1000).padStart(3, '0')}Z`;
}

const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?(Z|[+-]\d{2}(?::?\d{2})?)$/;

/** Microseconds from a cursor's timestamp: the catalog writes `created_at::text`, this copy ISO 8601. */
function parseMicros(text: string): number | null {
  const match = TIMESTAMP.exec(text);
  if (!match) return null;
  const [, date, time, fraction = '', zone] = match;
  const offset =
    zone === 'Z' ? 'Z' : zone.length === 3 ? `${zone}:00` : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  const ms = Date.parse(`${date}T${time}${offset}`);
  return Number.isNaN(ms) ? null : ms * 1000 + Number(fraction.padEnd(6, '0'));
}

/**
 * A copy of every live product's card and list keys, answering `GET /api/products` without
 * search text the way the catalog's SQL does: the same filters, the five sorts with ties by id,
 * pages and cursors, and the total. Issue 13: an uncached list cost some 1.4 ms of CPU across the
 * gateway, RabbitMQ, the catalog and PostgreSQL, where the gateway alone answers /health/live in
 * 0.07 ms; walking this copy costs a few microseconds per card.
 *
 * Entries are changed in place; the three orders are sorted once, when first walked, and then kept
 * in order by taking out and putting back (binary search, then splice) an entry whose name, price
 * or creation changed, or which was added or removed: some 0.4 ms at 100k products, mostly moving
 * the arrays, where sorting them again blocked the gateway for some 0.1 s.
 * A removed product stays as a tombstone with its version, so a late, older copy cannot bring it back.
 */
export class ProductListing {
  /** How the catalog's database orders names; a copy cannot reproduce a locale's rules. */
  nameOrder: 'bytes' | 'locale' = 'locale';
  private readonly entries = new Map<string, Entry>();
  private orders: Record<Order, Entry[]> | null = null;
  /** Every lexeme any product held since the copy was loaded, numbered. */
  private readonly lexemeIds = new Map<string, number>();
  private searchIndex: ProductSearchIndex<Entry> | null = null;
  /** False when a review count changed since the search index ordered its ties. */
  private reranked = true;

  get size(): number {
    let live = 0;
    for (const entry of this.entries.values()) if (!entry.deleted) live += 1;
    return live;
  }

  /**
   * A product as of `version`; ignored when this copy holds that version or a later one. True
   * when it may bring the lexicon of name words a new word: a product added or renamed.
   */
  upsert(id: string, version: number, listing: ProductListingEntry): boolean {
    const held = this.entries.get(id);
    if (held && held.version >= version) return false;
    const lexemes = Int32Array.from([...listing.nameLexemes, ...listing.bodyLexemes], (l) => this.intern(l));
    const next: Entry = {
      id,
      version,
      deleted: false,
      json: JSON.stringify(listing.card),
      nameKey: listing.nameKey,
      plainName: !beyondSurrogates.test(listing.nameKey),
      categoryKey: listing.categoryKey,
      brand: listing.card.brand,
      pricePaise: listing.pricePaise,
      rating: listing.card.rating,
      createdMicros: listing.createdMicros,
      reviewCount: listing.card.reviewCount,
      lexemes,
      nameLexemes: listing.nameLexemes.length,
      hit: undefined,
    };
    const renamed = !held || held.deleted || held.nameKey !== next.nameKey;
    const relexed =
      renamed ||
      held.nameLexemes !== next.nameLexemes ||
      held.lexemes.length !== lexemes.length ||
      held.lexemes.some((l, i) => l !== lexemes[i]);
    if (!relexed && held.reviewCount !== next.reviewCount) this.reranked = false;
    const reordered =
      renamed || held.pricePaise !== next.pricePaise || held.createdMicros !== next.createdMicros;
    // Taken out by its old keys, before they change.
    if (reordered && held && !held.deleted) this.unplace(held);
    if (held) Object.assign(held, next);
    else this.entries.set(id, next);
    const entry = held ?? next;
    if (reordered) this.place(entry);
    if (relexed) {
      this.searchIndex?.put(entry);
      this.dropOvergrownIndex();
    }
    return renamed;
  }

  /** A product removed at `version`: it wins over a copy of the same version. */
  delete(id: string, version: number): void {
    const held = this.entries.get(id);
    if (held && held.version > version) return;
    if (held && !held.deleted) {
      this.unplace(held);
      this.searchIndex?.remove(id);
      this.dropOvergrownIndex();
    }
    if (held) Object.assign(held, { version, deleted: true, lexemes: new Int32Array(0), nameLexemes: 0 });
    else this.entries.set(id, { id, version, deleted: true } as Entry);
  }

  /**
   * The reply's JSON, as the catalog would send it; null when the catalog must answer: search
   * text (the text indexes are the catalog's), a name sort in a locale's order, or a cursor this
   * copy cannot read (the catalog then says 'Invalid cursor').
   */
  answer(query: ProductListQuery): string | null {
    if (query.search !== undefined) return null;
    const sort = SORTS[query.sort];
    if (sort.order === 'name' && this.nameOrder !== 'bytes') return null;
    let from: Entry | undefined;
    if (query.cursor !== undefined) {
      const cursor = parseListCursor(query.cursor, query.sort);
      if (!cursor) return null;
      const created = sort.order === 'created' ? parseMicros(String(cursor.key)) : 0;
      if (created === null) return null;
      from = {
        id: cursor.id.toLowerCase(),
        nameKey: String(cursor.key),
        plainName: !beyondSurrogates.test(String(cursor.key)),
        pricePaise: Number(cursor.key),
        createdMicros: created,
      } as Entry;
    }
    const orders = this.sorted();
    const minPaise = query.minPrice === undefined ? -Infinity : toPaise(query.minPrice);
    const maxPaise = query.maxPrice === undefined ? Infinity : toPaise(query.maxPrice);
    const byPrice = orders.price;
    const low = firstAtLeast(byPrice, minPaise);
    const high = firstAtLeast(byPrice, maxPaise + 1);
    const category = query.category?.toLowerCase();
    const others = (e: Entry) =>
      (query.brand === undefined || e.brand === query.brand) &&
      (category === undefined || e.categoryKey === category) &&
      e.rating >= query.minRating;
    const matches = (e: Entry) => e.pricePaise >= minPaise && e.pricePaise <= maxPaise && others(e);

    let total = 0;
    if (query.brand === undefined && category === undefined && !(query.minRating > 0))
      total = Math.max(0, high - low);
    else for (let i = low; i < high; i++) if (others(byPrice[i])) total += 1;

    const walked = orders[sort.order];
    const compare = COMPARE[sort.order];
    // A price sort walks only the asked price range; the others walk their whole order.
    let start = sort.order === 'price' ? low : 0;
    let end = sort.order === 'price' ? high : walked.length;
    if (from) {
      const after = firstAfter(walked, from, compare);
      if (sort.ascending) start = Math.max(start, after);
      else end = Math.min(end, firstAtOrAfter(walked, from, compare));
    }
    const skip = query.cursor === undefined ? (query.page - 1) * query.limit : 0;
    const page: Entry[] = [];
    let skipped = 0;
    for (let n = 0; n < end - start && page.length <= query.limit; n++) {
      const entry = walked[sort.ascending ? start + n : end - 1 - n];
      if (!matches(entry)) continue;
      if (skipped < skip) skipped += 1;
      else page.push(entry);
    }
    const hasMore = page.length > query.limit;
    if (hasMore) page.pop();
    const last = page[page.length - 1];
    const nextCursor =
      hasMore && last
        ? encodeListCursor({
            sort: query.sort,
            key:
              sort.order === 'name'
                ? last.nameKey
                : sort.order === 'price'
                  ? last.pricePaise
                  : microsText(last.createdMicros),
            id: last.id,
          })
        : null;
    return `{"success":true,"products":[${page.map((e) => e.json).join(',')}],"total":${total},"page":${query.page},"limit":${query.limit},"hasMore":${hasMore},"nextCursor":${JSON.stringify(nextCursor)}}`;
  }

  /**
   * The dropdown's JSON for `words` (searchWords), as catalog_search_dropdown answers it (migration
   * 1769000000000), given what the catalog says of each word (`terms`, in the same order); null
   * when only the catalog can answer (a tsquery other than alternatives, text beyond ASCII to rank).
   * Passes run in order while fewer than eight are found: names starting with the text; names
   * holding every word as typed, then as corrected unless that can add nothing; descriptions.
   */
  search(words: string[], terms: SearchWordTerms[]): string | null {
    const typed = words.join(' ');
    const found: Entry[] = [];
    const byName = this.sorted().name;
    const probe = { nameKey: typed, plainName: !beyondSurrogates.test(typed), id: '' } as Entry;
    for (
      let i = firstAfter(byName, probe, COMPARE.name);
      i < byName.length && found.length < SEARCH_DROPDOWN_LIMIT;
      i++
    ) {
      if (!byName[i].nameKey.startsWith(typed)) break;
      found.push(byName[i]);
    }
    if (found.length < SEARCH_DROPDOWN_LIMIT && typed.length >= MIN_WORD_START) {
      const index = this.indexed();
      const excluded = new Set(found.map((e) => index.slot(e.id)!));
      const nameQueries: (Alternatives | null)[][] = [terms.map((t) => t.name)];
      if (terms.some((t) => t.corrected) && !terms.every((t) => !t.corrected || t.corrected.covers)) {
        nameQueries.push(terms.map((t) => (t.corrected ? t.corrected.name : t.name)));
      }
      for (const query of nameQueries) {
        if (excluded.size >= SEARCH_DROPDOWN_LIMIT) break;
        if (!isPlain(query)) return null;
        const candidates = index.firstInTieOrder(index.matches(query, 'name', excluded), SEARCH_CANDIDATES);
        const scored: { slot: number; similarity: number }[] = [];
        const toTyped = similarityTo(typed);
        if (!toTyped) return null;
        for (const slot of candidates) {
          const similarity = toTyped(index.product(slot).nameKey);
          if (similarity === null) return null;
          scored.push({ slot, similarity });
        }
        scored.sort((a, b) => b.similarity - a.similarity || index.compareTies(a.slot, b.slot));
        for (const { slot } of scored.slice(0, SEARCH_DROPDOWN_LIMIT - excluded.size)) {
          excluded.add(slot);
          found.push(index.product(slot));
        }
      }
      if (excluded.size < SEARCH_DROPDOWN_LIMIT) {
        const query = terms.map((t) => t.body);
        if (!isPlain(query)) return null;
        const bodies = index.firstInTieOrder(
          index.matches(query, 'body', excluded),
          SEARCH_DROPDOWN_LIMIT - excluded.size,
        );
        for (const slot of bodies) found.push(index.product(slot));
      }
    }
    return `{"success":true,"products":[${found.map(hitJson).join(',')}]}`;
  }

  private intern(lexeme: string): number {
    let id = this.lexemeIds.get(lexeme);
    if (id === undefined) {
      id = this.lexemeIds.size;
      this.lexemeIds.set(lexeme, id);
      this.searchIndex?.lexemeAdded(lexeme, id);
    }
    return id;
  }

  private indexed(): ProductSearchIndex<Entry> {
    if (this.searchIndex && !this.reranked) this.searchIndex.rerank();
    this.reranked = true;
    if (!this.searchIndex) {
      const sorted = [...this.lexemeIds.keys()].sort();
      // A copy of the name order, which changes in place while the index keeps its slots.
      this.searchIndex = new ProductSearchIndex(
        [...this.sorted().name],
        {
          sorted,
          ids: Int32Array.from(sorted, (l) => this.lexemeIds.get(l)!),
          count: this.lexemeIds.size,
          idOf: this.lexemeIds,
        },
        COMPARE.name,
      );
    }
    return this.searchIndex;
  }

  /** The next search builds the index again once that costs less than scanning its changes (ProductSearchIndex.overgrown). */
  private dropOvergrownIndex(): void {
    if (this.searchIndex?.overgrown) this.searchIndex = null;
  }

  /** An entry, by its current keys, into the orders (when they are sorted). */
  private place(entry: Entry): void {
    if (!this.orders) return;
    for (const order of ['name', 'price', 'created'] as const) {
      const walked = this.orders[order];
      walked.splice(firstAfter(walked, entry, COMPARE[order]), 0, entry);
    }
  }

  /** A live entry, by its keys as they are, out of the orders (when they are sorted). */
  private unplace(entry: Entry): void {
    if (!this.orders) return;
    for (const order of ['name', 'price', 'created'] as const) {
      const walked = this.orders[order];
      walked.splice(firstAtOrAfter(walked, entry, COMPARE[order]), 1);
    }
  }

  private sorted(): Record<Order, Entry[]> {
    if (!this.orders) {
      const live = [...this.entries.values()].filter((e) => !e.deleted);
      this.orders = {
        name: [...live].sort(COMPARE.name),
        price: [...live].sort(COMPARE.price),
        created: live.sort(COMPARE.created),
      };
    }
    return this.orders;
  }
}

function isPlain(query: (Alternatives | null)[]): query is Alternatives[] {
  return query.every((alternatives) => alternatives !== null);
}

/** A dropdown hit as the catalog sends it: the card's id, name, first picture, price and brand. */
function hitJson(entry: Entry): string {
  const card = JSON.parse(entry.json) as ProductListingEntry['card'];
  return JSON.stringify({
    _id: card._id,
    name: card.name,
    images: card.images,
    price: card.price,
    brand: card.brand,
  });
}

/** The index of the first entry priced at or above `paise`. */
function firstAtLeast(byPrice: Entry[], paise: number): number {
  let lo = 0;
  let hi = byPrice.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (byPrice[mid].pricePaise < paise) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The index of the first entry ordered after `probe`. */
function firstAfter(order: Entry[], probe: Entry, compare: (a: Entry, b: Entry) => number): number {
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(order[mid], probe) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The index of the first entry ordered at or after `probe`. */
function firstAtOrAfter(order: Entry[], probe: Entry, compare: (a: Entry, b: Entry) => number): number {
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(order[mid], probe) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
