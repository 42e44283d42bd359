import {
  filterChips,
  filterParams,
  keepPriceOrder,
  productsPath,
  readFilters,
  toProductQuery,
  withoutFilter,
} from './filters';
import { productListParams } from '../../api/catalogPaths';

describe('products page filters', () => {
  it('defaults to no filters, rating 0 and the name-asc sort', () => {
    expect(readFilters(new URLSearchParams())).toEqual({
      brand: undefined,
      search: '',
      category: '',
      minPrice: '',
      maxPrice: '',
      minRating: 0,
      sort: 'name-asc',
    });
  });

  it('takes the brand from the route and ignores brands that do not exist', () => {
    expect(readFilters(new URLSearchParams(), 'jaksh').brand).toBe('jaksh');
    expect(readFilters(new URLSearchParams(), 'acme').brand).toBeUndefined();
  });

  it('accepts only the five sorts and falls back to name-asc', () => {
    for (const sort of ['name-asc', 'name-desc', 'price-asc', 'price-desc', 'newest']) {
      expect(readFilters(new URLSearchParams({ sort })).sort).toBe(sort);
    }
    expect(readFilters(new URLSearchParams({ sort: 'random' })).sort).toBe('name-asc');
  });

  it('drops prices and ratings that are not numbers in range', () => {
    const filters = readFilters(new URLSearchParams({ minPrice: 'abc', maxPrice: '-5', minRating: '9' }));
    expect(filters).toMatchObject({ minPrice: '', maxPrice: '', minRating: 0 });
  });

  describe('keeping min at or below max', () => {
    it('raises the max to a min typed above it', () => {
      expect(keepPriceOrder('min', '800', '500')).toEqual({ minPrice: '800', maxPrice: '800' });
    });

    it('lowers the min to a max typed below it', () => {
      expect(keepPriceOrder('max', '800', '500')).toEqual({ minPrice: '500', maxPrice: '500' });
    });

    it('leaves an ordered or half-empty range alone', () => {
      expect(keepPriceOrder('min', '100', '500')).toEqual({ minPrice: '100', maxPrice: '500' });
      expect(keepPriceOrder('max', '100', '')).toEqual({ minPrice: '100', maxPrice: '' });
      expect(keepPriceOrder('min', '', '50')).toEqual({ minPrice: '', maxPrice: '50' });
    });

    it('treats equal prices as ordered', () => {
      expect(keepPriceOrder('min', '300', '300')).toEqual({ minPrice: '300', maxPrice: '300' });
    });
  });

  it('writes only non-default filters to the address bar', () => {
    const filters = readFilters(
      new URLSearchParams({ category: 'Labels', minRating: '4', sort: 'name-asc' }),
    );
    expect(filterParams(filters).toString()).toBe('category=Labels&minRating=4');
    expect(productsPath('ms', filterParams(filters))).toBe('/products/ms?category=Labels&minRating=4');
    expect(productsPath(undefined, new URLSearchParams())).toBe('/products');
  });

  it('asks the server for 24 products a page with only the filters that are set', () => {
    const filters = readFilters(new URLSearchParams({ search: 'mug', minPrice: '100' }), 'ms');
    expect(productListParams(toProductQuery(filters), { page: 2, cursor: 'abc' })).toEqual({
      limit: 24,
      page: 2,
      cursor: 'abc',
      brand: 'ms',
      search: 'mug',
      minPrice: 100,
      sort: 'name-asc',
    });
  });

  it('shows a chip per active filter and removes each one on its own', () => {
    const filters = readFilters(
      new URLSearchParams({
        search: 'pen',
        category: 'Stationery',
        minPrice: '100',
        maxPrice: '900',
        minRating: '3',
      }),
      'jaksh',
    );
    const chips = filterChips(filters);
    expect(chips.map((c) => c.label)).toEqual([
      'Brand: Jaksh',
      'Search: "pen"',
      'Category: Stationery',
      'Min ₹100',
      'Max ₹900',
      '3★ & up',
    ]);
    expect(withoutFilter(filters, 'minRating').minRating).toBe(0);
    expect(withoutFilter(filters, 'brand').brand).toBeUndefined();
    expect(withoutFilter(filters, 'category')).toMatchObject({ category: '', search: 'pen' });
  });
});
