import { searchWords, textQuery } from './search-terms';

describe('search terms', () => {
  it('keeps only letters and digits, lower-cased, of any script', () => {
    expect(searchWords("  Lanyard's  A5 diary!% ")).toEqual(['lanyard', 's', 'a5', 'diary']);
    expect(searchWords('डायरी')).toEqual(['डायरी']);
    expect(searchWords(" '&|!:* ")).toEqual([]);
  });

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
