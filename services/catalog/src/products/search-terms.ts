/**
 * What one typed word asks of a product's search vector, as tsquery texts from
 * catalog_search_word_queries (migration 1770000000000): anywhere in the product (a whole word of
 * the names' lexicon exactly, any other as the start of a word, as typed or stemmed), the same in
 * its name only, and the closest name word when the word looks like a typo of one (else null). An
 * empty text is a word with no lexeme at all (only marks, say), which asks nothing.
 */
export interface WordQueries {
  anywhere: string;
  inName: string;
  corrected: string | null;
}

/** The tsqueries of a whole search: each ANDs its words; null when it asks nothing. */
export interface SearchQueries {
  /** What a product must match to be found: every word, in any field, or a word's correction in its name. */
  matches: string | null;
  /** Every word as typed, in the name. */
  inName: string | null;
  /** Every word in the name, corrected where it looks like a typo; null when no word was corrected. */
  correctedInName: string | null;
}

const all = (parts: string[]): string | null =>
  parts.length === 0 ? null : parts.map((part) => `(${part})`).join(' & ');

/**
 * Composes the words' tsqueries. Their texts are PostgreSQL's own output, quoted and escaped, so
 * they combine as they are.
 */
export function searchQueries(words: WordQueries[]): SearchQueries {
  const asking = words.filter((w) => w.anywhere !== '');
  return {
    matches: all(asking.map((w) => (w.corrected ? `${w.anywhere} | ${w.corrected}` : w.anywhere))),
    inName: all(asking.map((w) => w.inName)),
    correctedInName: asking.some((w) => w.corrected)
      ? all(asking.map((w) => w.corrected ?? w.inName))
      : null,
  };
}
