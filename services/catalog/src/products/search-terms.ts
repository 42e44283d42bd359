/** At most this many words of what a shopper typed take part in a search. */
const MAX_WORDS = 6;

/** The words of a search: letters (with their marks) and digits of any script, lower-cased. */
export function searchWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);
}

/** A typed word, and whether it is a whole word of the catalog's names rather than the start of one. */
export interface SearchTerm {
  word: string;
  whole: boolean;
}

/**
 * A tsquery that matches when the document holds every term, as typed ('simple') or stemmed
 * ('english', so "diaries" finds "diary"). A whole word matches exactly, which the index answers
 * far faster; any other is taken as the start of a word ("diar" finds "diary"). Words hold only
 * letters and digits, so they are safe inside tsquery syntax; each becomes a parameter from `first`.
 */
export function textQuery(terms: SearchTerm[], first: number): { sql: string; params: string[] } {
  const parts = terms.map(
    (_, i) => `(to_tsquery('simple', $${first + i}) || to_tsquery('english', $${first + i}))`,
  );
  return { sql: parts.join(' && '), params: terms.map((t) => (t.whole ? t.word : `${t.word}:*`)) };
}
