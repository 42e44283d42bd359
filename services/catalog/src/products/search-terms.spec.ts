import { searchQueries } from './search-terms';

describe('search queries', () => {
  it('ANDs the words, and lets a misspelt word match its correction in names', () => {
    expect(
      searchQueries([
        { anywhere: "'leather'", inName: "'leather':A", corrected: null },
        { anywhere: "'diar':*", inName: "'diar':*A", corrected: "'diary':A | 'diari':A" },
      ]),
    ).toEqual({
      matches: "('leather') & ('diar':* | 'diary':A | 'diari':A)",
      inName: "('leather':A) & ('diar':*A)",
      correctedInName: "('leather':A) & ('diary':A | 'diari':A)",
    });
  });

  it('asks no corrected query when no word was corrected', () => {
    expect(searchQueries([{ anywhere: "'mug'", inName: "'mug':A", corrected: null }]).correctedInName).toBeNull();
  });

  it('leaves out a word with no lexeme, and asks nothing when no word has one', () => {
    expect(
      searchQueries([
        { anywhere: '', inName: '', corrected: null },
        { anywhere: "'mug'", inName: "'mug':A", corrected: null },
      ]).matches,
    ).toBe("('mug')");
    expect(searchQueries([{ anywhere: '', inName: '', corrected: null }])).toEqual({
      matches: null,
      inName: null,
      correctedInName: null,
    });
  });
});
