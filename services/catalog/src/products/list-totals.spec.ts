import { ListingColumns } from './list-totals';

describe('ListingColumns', () => {
  const rows = [
    { price_paise: 50_000, brand: 'ms' as const, category: 'lanyards', rating: 4.5 },
    { price_paise: 10_000, brand: 'jaksh' as const, category: 'diaries', rating: 3 },
    { price_paise: 25_000, brand: 'ms' as const, category: 'diaries', rating: 0 },
    { price_paise: 25_000, brand: 'jaksh' as const, category: 'lanyards', rating: 5 },
  ];
  const columns = ListingColumns.of('7', rows);

  it('counts every product when nothing is filtered', () => {
    expect(columns.count({ minRating: 0 })).toBe(4);
  });

  it('counts a price range with both ends included', () => {
    expect(columns.count({ minPaise: 25_000, maxPaise: 50_000, minRating: 0 })).toBe(3);
    expect(columns.count({ minPaise: 25_001, minRating: 0 })).toBe(1);
    expect(columns.count({ maxPaise: 9_999, minRating: 0 })).toBe(0);
  });

  it('counts by brand, category and rating within the range, as the list query filters', () => {
    expect(columns.count({ brand: 'ms', minRating: 0 })).toBe(2);
    expect(columns.count({ category: 'diaries', maxPaise: 20_000, minRating: 0 })).toBe(1);
    expect(columns.count({ brand: 'jaksh', category: 'lanyards', minRating: 4.5 })).toBe(1);
    expect(columns.count({ minRating: 4.5 })).toBe(2);
  });

  it('counts nothing for a category no product has', () => {
    expect(columns.count({ category: 'pens', minRating: 0 })).toBe(0);
  });

  it('counts a minimum rating between whole stars, and one of whole stars, exactly', () => {
    const many = ListingColumns.of(
      '8',
      Array.from({ length: 200 }, (_, i) => ({
        price_paise: 1_000 + (i % 50) * 100,
        brand: (i % 2 ? 'ms' : 'jaksh') as 'ms' | 'jaksh',
        category: 'pens',
        rating: (i % 51) / 10,
      })),
    );
    const rated = (min: number, maxPaise = Infinity) =>
      Array.from({ length: 200 }, (_, i) => i).filter(
        (i) => (i % 51) / 10 >= min && 1_000 + (i % 50) * 100 <= maxPaise,
      ).length;
    for (const min of [0.1, 1, 2.5, 3, 3.3, 4, 4.9, 5])
      for (const max of [Infinity, 3_000, 999])
        expect(many.count({ minRating: min, maxPaise: max === Infinity ? undefined : max })).toBe(
          rated(min, max),
        );
  });
});
