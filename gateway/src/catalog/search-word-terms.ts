import { RpcClient } from '@shop/kit';
import { RPC, SearchTermsReply, SearchWordTerms } from '@shop/proto';

/** Words typed are a shop's vocabulary plus typos: this many cover it, and a flood of junk cannot grow it further. */
const MAX_WORDS = 10_000;

/**
 * What the catalog says of each typed word (catalog.search.terms): whether the lexicon of name
 * words holds it, its correction, the tsqueries it makes. Kept per word until a product is added
 * or renamed, which may add a word to the lexicon; an answer that set out before that is not kept.
 */
export class SearchWordTermsCache {
  private readonly kept = new Map<string, SearchWordTerms>();
  private generation = 0;

  constructor(private readonly rpc: RpcClient) {}

  async terms(words: string[]): Promise<SearchWordTerms[]> {
    const missing = [...new Set(words.filter((w) => !this.kept.has(w)))];
    if (missing.length > 0) {
      const generation = this.generation;
      const reply = await this.rpc.call<SearchTermsReply>(RPC.catalog.searchTerms, { words: missing });
      if (generation === this.generation) {
        for (const terms of reply.terms) {
          if (this.kept.size >= MAX_WORDS) this.kept.delete(this.kept.keys().next().value!);
          this.kept.set(terms.word, terms);
        }
      }
      const asked = new Map(reply.terms.map((t) => [t.word, t]));
      return words.map((w) => this.kept.get(w) ?? asked.get(w)!);
    }
    return words.map((w) => this.kept.get(w)!);
  }

  clear(): void {
    this.generation += 1;
    this.kept.clear();
  }
}
