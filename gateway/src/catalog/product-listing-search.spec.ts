import { ProductListingEntry, SearchLexeme, SearchWordTerms } from '@shop/proto';
import { ProductListing } from './product-listing';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function product(n: number, name: string, body: string[], reviewCount = 0): ProductListingEntry {
  return {
    card: {
      _id: id(n),
      name,
      brand: 'ms',
      category: 'Diaries',
      price: 10 + n,
      originalPrice: null,
      images: [`/uploads/${n}.webp`],
      rating: 0,
      reviewCount,
      stock: 5,
      isNew: false,
      isBestSeller: false,
    },
    nameKey: name.toLowerCase(),
    categoryKey: 'diaries',
    pricePaise: (10 + n) * 100,
    createdMicros: n,
    nameLexemes: name.toLowerCase().split(' '),
    bodyLexemes: body,
  };
}

const exact = (...lexemes: string[]): SearchLexeme[] => lexemes.map((lexeme) => ({ lexeme, prefix: false }));
const prefix = (lexeme: string): SearchLexeme[] => [{ lexeme, prefix: true }];
const word = (
  w: string,
  name: SearchLexeme[] | null,
  more: Partial<SearchWordTerms> = {},
): SearchWordTerms => ({
  word: w,
  name,
  corrected: null,
  body: name,
  ...more,
});

const names = (reply: string | null) => JSON.parse(reply!).products.map((p: { name: string }) => p.name);

describe("the search dropdown from the gateway's copy", () => {
  const listing = new ProductListing();
  for (const [n, [name, body, reviews]] of (
    [
      ['Leather Diary', ['notebook'], 3],
      ['Leather Diary', ['notebook'], 1],
      ['Leather Notebook', ['diary'], 0],
      ['Steel Bottle', ['drinkware', 'leather'], 9],
      ['Glass Bottle', ['drinkware'], 2],
      ['Satin Lanyard', ['lanyards', 'leather'], 0],
    ] as const
  ).entries()) {
    listing.upsert(id(n), 1, product(n, name, [...body], reviews));
  }

  it('puts names starting with the text first, by name then id, as the catalog sends hits', () => {
    const reply = listing.search(
      ['leather', 'd'],
      [word('leather', exact('leather')), word('d', prefix('d'))],
    );
    expect(JSON.parse(reply!).products.slice(0, 2)).toEqual([
      { _id: id(0), name: 'Leather Diary', images: ['/uploads/0.webp'], price: 10, brand: 'ms' },
      { _id: id(1), name: 'Leather Diary', images: ['/uploads/1.webp'], price: 11, brand: 'ms' },
    ]);
  });

  it('then names holding every word, closest first, then descriptions by review count', () => {
    const reply = listing.search(['leather'], [word('leather', exact('leather'))]);
    // The three names start with "leather"; the descriptions follow, most reviewed first.
    expect(names(reply)).toEqual([
      'Leather Diary',
      'Leather Diary',
      'Leather Notebook',
      'Steel Bottle',
      'Satin Lanyard',
    ]);
    expect(names(listing.search(['bottle'], [word('bottle', exact('bottle'))]))).toEqual([
      'Steel Bottle',
      'Glass Bottle',
    ]);
  });

  it('asks for a correction only when the typed words could not find its matches', () => {
    const typo = word('botle', prefix('botle'), { corrected: { name: exact('bottle'), covers: false } });
    expect(names(listing.search(['botle'], [typo]))).toEqual(['Steel Bottle', 'Glass Bottle']);
    const covered = word('botle', prefix('botle'), { corrected: { name: exact('bottle'), covers: true } });
    expect(names(listing.search(['botle'], [covered]))).toEqual([]);
  });

  it('leaves a word the copy cannot match to the catalog', () => {
    expect(listing.search(['tshirt'], [word('tshirt', null)])).toBeNull();
  });

  it('says when a product may bring a new name word, and searches the change', () => {
    expect(listing.upsert(id(4), 2, product(4, 'Glass Flask', ['drinkware'], 2))).toBe(true);
    expect(listing.upsert(id(4), 3, product(4, 'Glass Flask', ['drinkware'], 5))).toBe(false);
    expect(names(listing.search(['flask'], [word('flask', exact('flask'))]))).toEqual(['Glass Flask']);
    expect(names(listing.search(['bottle'], [word('bottle', exact('bottle'))]))).toEqual(['Steel Bottle']);
    expect(names(listing.search(['glass'], [word('glass', exact('glass'))]))).toEqual(['Glass Flask']);
    listing.upsert(id(5), 2, product(5, 'Satin Lanyard', ['lanyards', 'leather', 'zinc']));
    expect(names(listing.search(['zinc'], [word('zinc', exact('zinc'))]))).toEqual(['Satin Lanyard']);
  });

  it('orders ties by the latest review counts', () => {
    listing.upsert(id(5), 3, product(5, 'Satin Lanyard', ['lanyards', 'leather', 'zinc'], 20));
    const reply = listing.search(['leather'], [word('leather', exact('leather'))]);
    expect(names(reply).slice(3)).toEqual(['Satin Lanyard', 'Steel Bottle']);
  });
});
