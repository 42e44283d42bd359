import { encodeListCursor, ProductListingEntry, productListQuerySchema } from '@shop/proto';
import { ProductListing } from './product-listing';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function entry(
  n: number,
  overrides: Partial<ProductListingEntry> & { name?: string; price?: number } = {},
): ProductListingEntry {
  const name = overrides.name ?? `Product ${n}`;
  const price = overrides.price ?? 100 + n;
  return {
    card: {
      _id: id(n),
      name,
      brand: 'ms',
      category: 'Diaries',
      price,
      originalPrice: null,
      images: [],
      rating: 0,
      reviewCount: 0,
      stock: 5,
      isNew: false,
      isBestSeller: false,
    },
    nameKey: name.toLowerCase(),
    categoryKey: 'diaries',
    pricePaise: Math.round(price * 100),
    createdMicros: 1_700_000_000_000_000 + n,
    nameLexemes: name.toLowerCase().split(' '),
    bodyLexemes: ['diaries'],
    ...overrides,
  };
}

const query = (q: Record<string, string> = {}) => productListQuerySchema.parse(q);
const ids = (listing: ProductListing, q: Record<string, string> = {}) =>
  JSON.parse(listing.answer(query(q))!).products.map((p: { _id: string }) => p._id);

function listingOf(...entries: ProductListingEntry[]): ProductListing {
  const listing = new ProductListing();
  listing.nameOrder = 'bytes';
  for (const e of entries) listing.upsert(e.card._id, 1, e);
  return listing;
}

describe('ProductListing', () => {
  it('ignores a copy of a product older than the one it holds', () => {
    const listing = listingOf(entry(1));
    listing.upsert(id(1), 3, entry(1, { name: 'Renamed' }));
    listing.upsert(id(1), 2, entry(1, { name: 'Stale' }));
    expect(JSON.parse(listing.answer(query())!).products[0].name).toBe('Renamed');
  });

  it('keeps a removed product out when a copy of the same version arrives late', () => {
    const listing = listingOf(entry(1), entry(2));
    listing.delete(id(1), 4);
    listing.upsert(id(1), 4, entry(1));
    expect(ids(listing)).toEqual([id(2)]);
    listing.upsert(id(1), 5, entry(1));
    expect(ids(listing)).toEqual([id(1), id(2)]);
  });

  it('orders names by their UTF-8 bytes, as the C collation does', () => {
    const listing = listingOf(
      entry(1, { name: 'éclair' }),
      entry(2, { name: 'Zebra' }),
      entry(3, { name: '🎁 gift' }),
      entry(4, { name: 'ｚ wide' }),
    );
    expect(ids(listing)).toEqual([id(2), id(1), id(4), id(3)]);
  });

  it('leaves name sorts to the catalog when its database orders names by a locale', () => {
    const listing = listingOf(entry(1));
    listing.nameOrder = 'locale';
    expect(listing.answer(query())).toBeNull();
    expect(listing.answer(query({ sort: 'price-asc' }))).not.toBeNull();
  });

  it('leaves search text and cursors it cannot read to the catalog', () => {
    const listing = listingOf(entry(1));
    expect(listing.answer(query({ search: 'diary' }))).toBeNull();
    expect(listing.answer(query({ cursor: 'not-a-cursor' }))).toBeNull();
  });

  it.each([
    ['the catalog writes it (created_at::text)', '2023-11-14 22:13:20.000002+00'],
    ['with an offset', '2023-11-15 03:43:20.000002+05:30'],
    ['as this copy writes it', '2023-11-14T22:13:20.000002Z'],
  ])('continues the newest sort from a cursor timestamp as %s', (_, key) => {
    const listing = listingOf(entry(1), entry(2), entry(3));
    const cursor = encodeListCursor({ sort: 'newest', key, id: id(2) });
    expect(ids(listing, { sort: 'newest', cursor })).toEqual([id(1)]);
  });

  it('writes a newest cursor to the microsecond, which it reads back', () => {
    const listing = listingOf(entry(1), entry(2), entry(3));
    const first = JSON.parse(listing.answer(query({ sort: 'newest', limit: '1' }))!);
    expect(first.products[0]._id).toBe(id(3));
    const key = JSON.parse(Buffer.from(first.nextCursor, 'base64url').toString())[1];
    expect(key).toBe('2023-11-14T22:13:20.000003Z');
    expect(ids(listing, { sort: 'newest', limit: '1', cursor: first.nextCursor })).toEqual([id(2)]);
  });

  it('keeps each sort as a copy loaded afresh would through renames, price changes, additions and removals', () => {
    let seed = 11;
    const next = () => (seed = (seed * 48271) % 2147483647);
    const made = (n: number) =>
      entry(n, {
        name: ['Mug', 'Jar', 'Éclair', 'Lid'][next() % 4] + ` ${next() % 5}`,
        price: 100 + (next() % 6),
      });
    const latest = new Map<number, ProductListingEntry | null>();
    for (let n = 0; n < 30; n++) latest.set(n, made(n));
    const listing = listingOf(...[...latest.values()].map((e) => e!));
    const sorts = ['name-asc', 'name-desc', 'price-asc', 'price-desc', 'newest'];
    for (let version = 2; version < 300; version++) {
      // Walked first, so the changes below land in orders already sorted.
      for (const sort of sorts) ids(listing, { sort, limit: '100' });
      const n = next() % 40;
      if (next() % 5 === 0) {
        listing.delete(id(n), version);
        latest.set(n, null);
      } else {
        latest.set(n, made(n));
        listing.upsert(id(n), version, latest.get(n)!);
      }
      const fresh = listingOf(...[...latest.values()].filter((e): e is ProductListingEntry => !!e));
      for (const sort of sorts) {
        expect(ids(listing, { sort, limit: '100' })).toEqual(ids(fresh, { sort, limit: '100' }));
      }
    }
  });

  it('counts every match for the total and pages past the end with an empty page', () => {
    const listing = listingOf(entry(1), entry(2), entry(3, { price: 500 }));
    const page = JSON.parse(listing.answer(query({ maxPrice: '200', page: '3', limit: '1' }))!);
    expect(page).toEqual({
      success: true,
      products: [],
      total: 2,
      page: 3,
      limit: 1,
      hasMore: false,
      nextCursor: null,
    });
  });
});
