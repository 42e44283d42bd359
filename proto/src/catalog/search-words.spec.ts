import { searchWords } from './search-words';

describe('search words', () => {
  it('keeps only letters and digits, lower-cased, of any script', () => {
    expect(searchWords("  Lanyard's  A5 diary!% ")).toEqual(['lanyard', 's', 'a5', 'diary']);
    expect(searchWords('डायरी')).toEqual(['डायरी']);
    expect(searchWords(" '&|!:* ")).toEqual([]);
  });

  it('keeps the first six words', () => {
    expect(searchWords('a b c d e f g h')).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });
});
