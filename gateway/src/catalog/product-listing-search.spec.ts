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

describe('the search dropdown after products change', () => {
  const ids = (reply: string | null) => JSON.parse(reply!).products.map((p: { _id: string }) => p._id);
  const find = (listing: ProductListing, w: string, terms = word(w, exact(w))) =>
    names(listing.search([w], [terms]));

  function searched(...products: [number, string, string[], number?][]): ProductListing {
    const listing = new ProductListing();
    for (const [n, name, body, reviews] of products)
      listing.upsert(id(n), 1, product(n, name, body, reviews));
    // A first search builds the index the later changes come after.
    listing.search(['mug'], [word('mug', exact('mug'))]);
    return listing;
  }

  it('finds a product added since by a name word, a prefix of a new word, and its description', () => {
    const listing = searched([1, 'Red Mug', ['ceramic']], [2, 'Steel Bottle', ['drinkware']]);
    listing.upsert(id(3), 1, product(3, 'Enamel Quokkamug', ['camping', 'ceramic']));
    expect(find(listing, 'quokkamug')).toEqual(['Enamel Quokkamug']);
    expect(find(listing, 'quok', word('quok', prefix('quok')))).toEqual(['Enamel Quokkamug']);
    expect(find(listing, 'camping')).toEqual(['Enamel Quokkamug']);
    expect(find(listing, 'ceramic')).toEqual(['Enamel Quokkamug', 'Red Mug']);
  });

  it('finds a renamed product by its new name and no longer by its old one', () => {
    const listing = searched([1, 'Red Mug', ['ceramic']], [2, 'Steel Bottle', ['drinkware']]);
    listing.upsert(id(2), 2, product(2, 'Steel Flask', ['drinkware']));
    expect(find(listing, 'flask')).toEqual(['Steel Flask']);
    expect(find(listing, 'bottle')).toEqual([]);
    listing.upsert(id(2), 3, product(2, 'Steel Canteen', ['drinkware']));
    expect(find(listing, 'flask')).toEqual([]);
    expect(find(listing, 'canteen')).toEqual(['Steel Canteen']);
  });

  it('no longer finds a removed product, whether there at the build or added since', () => {
    const listing = searched([1, 'Red Mug', ['ceramic']], [2, 'Blue Mug', ['ceramic']]);
    listing.upsert(id(3), 1, product(3, 'Green Mug', ['ceramic']));
    listing.delete(id(1), 2);
    listing.delete(id(3), 2);
    expect(find(listing, 'mug')).toEqual(['Blue Mug']);
    expect(find(listing, 'ceramic')).toEqual(['Blue Mug']);
  });

  it('puts ties between products there at the build and added since in review count, then name, then id order', () => {
    const listing = searched(
      [11, 'Blue Mug', ['ceramic'], 2],
      [12, 'Red Mug', ['ceramic'], 2],
      [13, 'Steel Bottle', ['ceramic'], 7],
    );
    listing.upsert(id(14), 1, product(14, 'Green Mug', ['ceramic'], 2));
    listing.upsert(id(15), 1, product(15, 'Amber Mug', ['ceramic'], 5));
    listing.upsert(id(9), 1, product(9, 'Blue Mug', ['ceramic'], 2));
    // Equally similar names.
    expect(ids(listing.search(['mug'], [word('mug', exact('mug'))]))).toEqual([15, 9, 11, 14, 12].map(id));
    expect(ids(listing.search(['ceramic'], [word('ceramic', exact('ceramic'))]))).toEqual(
      [13, 15, 9, 11, 14, 12].map(id),
    );
  });

  it('answers as a copy loaded afresh would, through enough changes to build the index again', () => {
    const lexicon = ['mug', 'cup', 'jar', 'steel', 'glass'].flatMap((w) =>
      [0, 1, 2, 3, 4, 5, 6, 7].map((i) => `${w}${i}`),
    );
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647);
    const pick = () => lexicon[next() % lexicon.length];
    const made = (n: number) => product(n, `${pick()} ${pick()} ${pick()}`, [pick(), pick()], next() % 4);
    const listing = new ProductListing();
    const latest = new Map<number, ProductListingEntry | null>();
    for (let n = 0; n < 50; n++) latest.set(n, made(n));
    for (const [n, p] of latest) listing.upsert(id(n), 1, p!);
    const queries = lexicon.map((w) => [[w], [word(w, exact(w))]] as const);
    const prefixes = ['mu', 'cup', 'st', 'gl'].flatMap((w) => [
      [[w], [word(w, prefix(w))]] as const,
      [
        ['steel3', w],
        [word('steel3', exact('steel3')), word(w, prefix(w))],
      ] as const,
    ]);
    listing.search(['mug'], [word('mug', exact('mug'))]);
    for (let version = 2; version < 4500; version++) {
      const n = next() % 60;
      if (next() % 7 === 0) {
        listing.delete(id(n), version);
        latest.set(n, null);
      } else {
        latest.set(n, made(n));
        listing.upsert(id(n), version, latest.get(n)!);
      }
      if (version % 250 !== 0) continue;
      const fresh = new ProductListing();
      for (const [m, p] of latest) if (p) fresh.upsert(id(m), 1, p);
      for (const [words, terms] of [...queries, ...prefixes]) {
        expect(listing.search([...words], [...terms])).toBe(fresh.search([...words], [...terms]));
      }
    }
  });
});
