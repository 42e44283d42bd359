import { SearchLexeme } from '@shop/proto';

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

const OPERAND = /'((?:[^'\\]|''|\\\\)*)'(:\*)?/y;

/**
 * A tsquery's text as its alternatives (`'bottle' | 'bott':*`), or null when it is anything else:
 * an AND, a phrase, weights, or no lexeme at all. PostgreSQL writes a quote or backslash in a
 * lexeme twice.
 */
export function tsqueryAlternatives(text: string): SearchLexeme[] | null {
  const found: SearchLexeme[] = [];
  let at = 0;
  while (at < text.length || found.length === 0) {
    if (found.length > 0) {
      if (!text.startsWith(' | ', at)) return null;
      at += 3;
    }
    OPERAND.lastIndex = at;
    const match = OPERAND.exec(text);
    if (!match) return null;
    found.push({ lexeme: match[1].replace(/''|\\\\/g, (twice) => twice[0]), prefix: match[2] !== undefined });
    at = OPERAND.lastIndex;
  }
  return found;
}
