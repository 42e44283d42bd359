import { textQuery, tsqueryAlternatives } from './search-terms';

describe('search terms', () => {
  it('matches a whole word exactly and any other as a word start, as typed or stemmed, numbered from the given parameter', () => {
    const q = textQuery(
      [
        { word: 'diar', whole: false },
        { word: 'leather', whole: true },
      ],
      3,
    );
    expect(q.params).toEqual(['diar:*', 'leather']);
    expect(q.sql).toBe(
      "(to_tsquery('simple', $3) || to_tsquery('english', $3)) && (to_tsquery('simple', $4) || to_tsquery('english', $4))",
    );
  });
});

describe('tsquery alternatives', () => {
  it('reads an alternation of lexemes, whole or prefixes, with quotes and backslashes written twice', () => {
    expect(tsqueryAlternatives("'bottl' | 'bottle'")).toEqual([
      { lexeme: 'bottl', prefix: false },
      { lexeme: 'bottle', prefix: false },
    ]);
    expect(tsqueryAlternatives("'bott':*")).toEqual([{ lexeme: 'bott', prefix: true }]);
    expect(tsqueryAlternatives("'o''neil' | 'a\\\\b':*")).toEqual([
      { lexeme: "o'neil", prefix: false },
      { lexeme: 'a\\b', prefix: true },
    ]);
  });

  it('refuses anything else: phrases, ANDs, weights, no lexeme', () => {
    expect(tsqueryAlternatives("'t-shirt' <-> 't' <-> 'shirt'")).toBeNull();
    expect(tsqueryAlternatives("'a' & 'b'")).toBeNull();
    expect(tsqueryAlternatives("'a':*AB")).toBeNull();
    expect(tsqueryAlternatives('')).toBeNull();
  });
});
