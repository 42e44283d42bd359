import { SearchLexeme } from '@shop/proto';

/** What the index needs of a live product. */
export interface Searchable {
  id: string;
  nameKey: string;
  reviewCount: number;
  /** Interned lexeme ids: the name's first (`nameLexemes` of them), then the body's. */
  lexemes: Int32Array;
  nameLexemes: number;
}

/** One word's tsquery: any of these lexemes. */
export type Alternatives = SearchLexeme[];

/** Lexeme postings, CSR-style: the products (slots) of lexeme `l` are slots[start[l] .. start[l + 1]). */
interface Postings {
  start: Int32Array;
  slots: Int32Array;
}

/** Lexeme strings in order, each with its id, for a prefix's range. */
interface SortedLexemes {
  sorted: string[];
  ids: number[] | Int32Array;
}

/**
 * Changes since the build after which the index is dropped and the next search builds it again.
 * Until then each search also scans the changed products (some 0.1 ms per thousand changes); a
 * build blocks the gateway for some 0.3 s at 100k products, so once per this many changes it
 * costs some 0.15 ms per change, and searches pay at most some 0.2 ms more in between.
 */
const REBUILD_AFTER_CHANGES = 2000;

/**
 * The text indexes of the dropdown's word passes over a copy of the product list: which live
 * products hold each lexeme of their name and of their description, category and tags, and each
 * product's place in the dropdown's tie order (review count, most first, then name key by bytes,
 * then id). Built at once from the copy (some 0.3 s at 100k products); a product added, removed,
 * renamed or re-described since then leaves its built slot as a tombstone and goes to a short list
 * of changes, which each search scans, until REBUILD_AFTER_CHANGES of them make a new build worth
 * its cost. A review only sorts the built tie order again (some 40 ms). Some 4 bytes per lexeme of
 * each product.
 */
export class ProductSearchIndex<T extends Searchable> {
  private readonly names: Postings;
  private readonly bodies: Postings;
  /** How many lexemes the postings cover; later ones are only held by changed products. */
  private readonly builtLexemes: number;
  /** Built slot -> place in the tie order. */
  private rank: Int32Array;
  /** Per built slot: 1 when the product changed or went since the build. */
  private readonly gone: Uint8Array;
  /** Products added or changed since the build, as slots from products.length on; null once changed again or removed. */
  private readonly changed: (T | null)[] = [];
  /** Lexemes interned since the build, for a prefix's range. */
  private readonly lateLexemes: { sorted: string[]; ids: number[] } = { sorted: [], ids: [] };
  private readonly slotOf: Map<string, number>;
  private changes = 0;
  /** Per built slot: the stamp of the last term that matched it (see matches). */
  private readonly marks: Int32Array;
  private stamp = 1;
  /** Per lexeme: the stamp of the last word that asked for it (see changedMatches). */
  private lexemeMarks = new Int32Array(0);
  private lexemeStamp = 0;

  /**
   * `products` in name order (by bytes, then id, as `nameOrder` compares them), so a stable sort
   * by review count gives the tie order; `lexemes` sorted, for a prefix's range, with each
   * string's id; `idOf` every lexeme's id, including those interned later.
   */
  constructor(
    private readonly products: T[],
    private readonly lexemes: SortedLexemes & { count: number; idOf: Map<string, number> },
    private readonly nameOrder: (a: T, b: T) => number,
  ) {
    this.builtLexemes = lexemes.count;
    this.names = postings(products, lexemes.count, true);
    this.bodies = postings(products, lexemes.count, false);
    this.rank = tieOrder(products);
    this.gone = new Uint8Array(products.length);
    this.slotOf = new Map(products.map((p, slot) => [p.id, slot]));
    this.marks = new Int32Array(products.length);
  }

  /** Whether enough changed since the build that building again is cheaper than scanning the changes. */
  get overgrown(): boolean {
    return this.changes > REBUILD_AFTER_CHANGES;
  }

  slot(id: string): number | undefined {
    return this.slotOf.get(id);
  }

  product(slot: number): T {
    return slot < this.products.length ? this.products[slot] : this.changed[slot - this.products.length]!;
  }

  /** A product added, or whose name or lexemes changed. */
  put(product: T): void {
    this.leave(product.id);
    this.slotOf.set(product.id, this.products.length + this.changed.push(product) - 1);
    this.changes += 1;
  }

  remove(id: string): void {
    this.leave(id);
    this.changes += 1;
  }

  /** A lexeme interned after the build. */
  lexemeAdded(lexeme: string, id: number): void {
    const at = firstAtOrAfter(this.lateLexemes.sorted, lexeme);
    this.lateLexemes.sorted.splice(at, 0, lexeme);
    this.lateLexemes.ids.splice(at, 0, id);
  }

  /**
   * The slots matching every word's alternatives in names (or bodies), except `excluded`.
   */
  matches(words: Alternatives[], field: 'name' | 'body', excluded: Set<number>): number[] {
    const postings = field === 'name' ? this.names : this.bodies;
    const expanded = words.map((alternatives) => [...this.expand(alternatives)]);
    if (this.stamp > 1 << 30) {
      this.marks.fill(0);
      this.stamp = 1;
    }
    const base = this.stamp;
    this.stamp += words.length + 2;
    const found: number[] = [];
    for (const [j, lexemes] of expanded.entries()) {
      const last = j === words.length - 1;
      for (const lexeme of lexemes) {
        if (lexeme >= this.builtLexemes) continue;
        for (let p = postings.start[lexeme], end = postings.start[lexeme + 1]; p < end; p++) {
          const slot = postings.slots[p];
          // Asked already through another alternative of this word, or missing an earlier word.
          if (this.marks[slot] === base + j + 1 || (j > 0 && this.marks[slot] !== base + j)) continue;
          this.marks[slot] = base + j + 1;
          if (last && !excluded.has(slot) && !this.gone[slot]) found.push(slot);
        }
      }
    }
    if (this.changed.length > 0) found.push(...this.changedMatches(expanded, field, excluded));
    return found;
  }

  /** The tie order again, after review counts changed (products are held by reference; names did not change). */
  rerank(): void {
    this.rank = tieOrder(this.products);
  }

  /** The first `n` of `slots` in the tie order. */
  firstInTieOrder(slots: number[], n: number): number[] {
    const built = slots.filter((s) => s < this.products.length);
    if (built.length === slots.length) return this.firstByRank(slots, n);
    const changed = slots.filter((s) => s >= this.products.length);
    return [...this.firstByRank(built, n), ...changed].sort((a, b) => this.compareTies(a, b)).slice(0, n);
  }

  /** The tie order of two slots: review count (most first), then name key by bytes, then id. */
  compareTies(a: number, b: number): number {
    if (a < this.products.length && b < this.products.length) return this.rank[a] - this.rank[b];
    const x = this.product(a);
    const y = this.product(b);
    return y.reviewCount - x.reviewCount || this.nameOrder(x, y);
  }

  /** The changed products' slots holding, in names (or bodies), one of each word's lexemes. */
  private changedMatches(words: number[][], field: 'name' | 'body', excluded: Set<number>): number[] {
    let slots: number[] = [];
    for (let i = 0; i < this.changed.length; i++) {
      const slot = this.products.length + i;
      if (this.changed[i] && !excluded.has(slot)) slots.push(slot);
    }
    if (this.lexemeMarks.length < this.lexemes.idOf.size) {
      this.lexemeMarks = new Int32Array(this.lexemes.idOf.size * 2);
      this.lexemeStamp = 0;
    }
    if (this.lexemeStamp > 1 << 30) {
      this.lexemeMarks.fill(0);
      this.lexemeStamp = 0;
    }
    const marks = this.lexemeMarks;
    for (const lexemes of words) {
      if (slots.length === 0) break;
      const stamp = ++this.lexemeStamp;
      for (const lexeme of lexemes) marks[lexeme] = stamp;
      slots = slots.filter((slot) => {
        const { lexemes: held, nameLexemes } = this.changed[slot - this.products.length]!;
        const to = field === 'name' ? nameLexemes : held.length;
        for (let i = field === 'name' ? 0 : nameLexemes; i < to; i++)
          if (marks[held[i]] === stamp) return true;
        return false;
      });
    }
    return slots;
  }

  private leave(id: string): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    if (slot < this.products.length) this.gone[slot] = 1;
    else this.changed[slot - this.products.length] = null;
    this.slotOf.delete(id);
  }

  private firstByRank(slots: number[], n: number): number[] {
    if (slots.length > n * 4) {
      // A bound on the n-th rank first, so a common word sorts a few hundred slots, not thousands.
      const ranks = Int32Array.from(slots, (s) => this.rank[s]).sort();
      const limit = ranks[n - 1];
      slots = slots.filter((s) => this.rank[s] <= limit);
    }
    return slots.sort((a, b) => this.rank[a] - this.rank[b]).slice(0, n);
  }

  /** Lexeme ids for a word's alternatives: a prefix stands for every lexeme starting with it. */
  private *expand(alternatives: Alternatives): Generator<number> {
    for (const { lexeme, prefix } of alternatives) {
      if (!prefix) {
        const id = this.lexemes.idOf.get(lexeme);
        if (id !== undefined) yield id;
        continue;
      }
      for (const { sorted, ids } of [this.lexemes, this.lateLexemes]) {
        for (let i = firstAtOrAfter(sorted, lexeme); i < sorted.length && sorted[i].startsWith(lexeme); i++)
          yield ids[i];
      }
    }
  }
}

/** The index of the first string at or after `text`. */
function firstAtOrAfter(sorted: string[], text: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < text) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The postings of the names' lexemes, or the bodies'; plain loops, as this runs over every lexeme of every product. */
function postings(products: Searchable[], count: number, names: boolean): Postings {
  const start = new Int32Array(count + 1);
  for (let slot = 0; slot < products.length; slot++) {
    const { lexemes, nameLexemes } = products[slot];
    const to = names ? nameLexemes : lexemes.length;
    for (let i = names ? 0 : nameLexemes; i < to; i++) start[lexemes[i] + 1]++;
  }
  for (let l = 0; l < count; l++) start[l + 1] += start[l];
  const slots = new Int32Array(start[count]);
  const next = start.slice(0, count);
  for (let slot = 0; slot < products.length; slot++) {
    const { lexemes, nameLexemes } = products[slot];
    const to = names ? nameLexemes : lexemes.length;
    for (let i = names ? 0 : nameLexemes; i < to; i++) slots[next[lexemes[i]]++] = slot;
  }
  return { start, slots };
}

/** Each slot's place by review count (most first), ties in the slots' own (name, id) order. */
function tieOrder(products: Searchable[]): Int32Array {
  const order = products
    .map((_, slot) => slot)
    .sort((a, b) => products[b].reviewCount - products[a].reviewCount || a - b);
  const rank = new Int32Array(products.length);
  for (const [place, slot] of order.entries()) rank[slot] = place;
  return rank;
}
