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

/**
 * The text indexes of the dropdown's word passes over a copy of the product list: which live
 * products hold each lexeme of their name and of their description, category and tags, and each
 * product's place in the dropdown's tie order (review count, most first, then name key by bytes,
 * then id). Built at once from the copy and thrown away when a product is added, removed, renamed
 * or re-described (some 0.3 s at 100k products); a review only sorts the tie order again (some
 * 40 ms). Some 4 bytes per lexeme of each product.
 */
export class ProductSearchIndex {
  private readonly names: Postings;
  private readonly bodies: Postings;
  /** Slot -> place in the tie order. */
  rank: Int32Array;
  readonly slotOf: Map<string, number>;
  /** Per slot: the stamp of the last term that matched it (see matches). */
  private readonly marks: Int32Array;
  private stamp = 1;

  /**
   * `products` in name order (by bytes, then id), so a stable sort by review count gives the tie
   * order; `lexemes` sorted, for a prefix's range, with each string's id.
   */
  constructor(
    readonly products: Searchable[],
    private readonly lexemes: { sorted: string[]; ids: Int32Array; count: number; idOf: Map<string, number> },
  ) {
    this.names = postings(products, lexemes.count, true);
    this.bodies = postings(products, lexemes.count, false);
    this.rank = tieOrder(products);
    this.slotOf = new Map(products.map((p, slot) => [p.id, slot]));
    this.marks = new Int32Array(products.length);
  }

  /**
   * The slots matching every word's alternatives in names (or bodies), except `excluded`.
   */
  matches(words: Alternatives[], field: 'name' | 'body', excluded: Set<number>): number[] {
    const postings = field === 'name' ? this.names : this.bodies;
    if (this.stamp > 1 << 30) {
      this.marks.fill(0);
      this.stamp = 1;
    }
    const base = this.stamp;
    this.stamp += words.length + 2;
    const found: number[] = [];
    for (const [j, alternatives] of words.entries()) {
      const last = j === words.length - 1;
      for (const lexeme of this.expand(alternatives)) {
        for (let p = postings.start[lexeme], end = postings.start[lexeme + 1]; p < end; p++) {
          const slot = postings.slots[p];
          // Asked already through another alternative of this word, or missing an earlier word.
          if (this.marks[slot] === base + j + 1 || (j > 0 && this.marks[slot] !== base + j)) continue;
          this.marks[slot] = base + j + 1;
          if (last && !excluded.has(slot)) found.push(slot);
        }
      }
    }
    return found;
  }

  /** The tie order again, after review counts changed (products are held by reference; names did not change). */
  rerank(): void {
    this.rank = tieOrder(this.products);
  }

  /** The first `n` of `slots` in the tie order. */
  firstInTieOrder(slots: number[], n: number): number[] {
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
      const sorted = this.lexemes.sorted;
      let lo = 0;
      let hi = sorted.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (sorted[mid] < lexeme) lo = mid + 1;
        else hi = mid;
      }
      for (let i = lo; i < sorted.length && sorted[i].startsWith(lexeme); i++) yield this.lexemes.ids[i];
    }
  }
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
