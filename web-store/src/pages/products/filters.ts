import { BRANDS, DEFAULT_PRODUCT_SORT, PRODUCT_SORTS, type Brand, type ProductSort } from '@shop/proto';
import type { ProductQuery } from '../../api/catalogPaths';
import { brandLabel } from '../../content/shop';
import { formatPrice } from '@shop/web-kit/format';

/** The products page's filters as they live in the address bar (brand comes from the route). */
export interface Filters {
  brand?: Brand;
  search: string;
  category: string;
  minPrice: string;
  maxPrice: string;
  minRating: number;
  sort: ProductSort;
}

export const SORT_LABELS: Record<ProductSort, string> = {
  'name-asc': 'Name: A to Z',
  'name-desc': 'Name: Z to A',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  newest: 'Newest first',
};

export const RATING_CHOICES = [0, 4, 3, 2, 1] as const;

export function isBrand(value: string | undefined): value is Brand {
  return (BRANDS as readonly string[]).includes(value ?? '');
}

/** A price box's text as a number of rupees, or undefined when empty or not a price. */
export function priceValue(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

function cleanPrice(text: string | null): string {
  return text !== null && priceValue(text) !== undefined ? String(priceValue(text)) : '';
}

export function readFilters(params: URLSearchParams, brand?: string): Filters {
  const sort = params.get('sort') ?? '';
  const rating = Number(params.get('minRating') ?? 0);
  return {
    brand: isBrand(brand) ? brand : undefined,
    search: params.get('search')?.trim() ?? '',
    category: params.get('category')?.trim() ?? '',
    minPrice: cleanPrice(params.get('minPrice')),
    maxPrice: cleanPrice(params.get('maxPrice')),
    minRating: Number.isInteger(rating) && rating >= 0 && rating <= 5 ? rating : 0,
    sort: (PRODUCT_SORTS as readonly string[]).includes(sort) ? (sort as ProductSort) : DEFAULT_PRODUCT_SORT,
  };
}

/** The address-bar form of the filters: defaults and empty values are left out. */
export function filterParams(filters: Filters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  if (filters.category) params.set('category', filters.category);
  if (filters.minPrice) params.set('minPrice', filters.minPrice);
  if (filters.maxPrice) params.set('maxPrice', filters.maxPrice);
  if (filters.minRating > 0) params.set('minRating', String(filters.minRating));
  if (filters.sort !== DEFAULT_PRODUCT_SORT) params.set('sort', filters.sort);
  return params;
}

/** The numbered page of a list its address names (`?page=N`, for links that work without the app); 1 by default. */
export function listPageNumber(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

export function productsPath(brand: Brand | undefined, params: URLSearchParams): string {
  const query = params.toString();
  return `/products${brand ? `/${brand}` : ''}${query ? `?${query}` : ''}`;
}

/**
 * Keeps the minimum price at or below the maximum (storefront spec, section 5): the box the
 * shopper just changed wins, and the other one follows it.
 */
export function keepPriceOrder(changed: 'min' | 'max', minPrice: string, maxPrice: string) {
  const min = priceValue(minPrice);
  const max = priceValue(maxPrice);
  const cleaned = {
    minPrice: min === undefined ? '' : String(min),
    maxPrice: max === undefined ? '' : String(max),
  };
  if (min === undefined || max === undefined || min <= max) return cleaned;
  return changed === 'min'
    ? { minPrice: cleaned.minPrice, maxPrice: cleaned.minPrice }
    : { minPrice: cleaned.maxPrice, maxPrice: cleaned.maxPrice };
}

export function toProductQuery(filters: Filters): ProductQuery {
  return {
    brand: filters.brand,
    search: filters.search || undefined,
    category: filters.category || undefined,
    minPrice: priceValue(filters.minPrice),
    maxPrice: priceValue(filters.maxPrice),
    minRating: filters.minRating,
    sort: filters.sort,
  };
}

export type ChipKey = 'brand' | 'search' | 'category' | 'minPrice' | 'maxPrice' | 'minRating';

/** One removable chip per active filter; the sort is a setting, not a filter. */
export function filterChips(filters: Filters): { key: ChipKey; label: string }[] {
  const chips: { key: ChipKey; label: string }[] = [];
  if (filters.brand) chips.push({ key: 'brand', label: `Brand: ${brandLabel(filters.brand)}` });
  if (filters.search) chips.push({ key: 'search', label: `Search: "${filters.search}"` });
  if (filters.category) chips.push({ key: 'category', label: `Category: ${filters.category}` });
  const min = priceValue(filters.minPrice);
  const max = priceValue(filters.maxPrice);
  if (min !== undefined) chips.push({ key: 'minPrice', label: `Min ${formatPrice(min)}` });
  if (max !== undefined) chips.push({ key: 'maxPrice', label: `Max ${formatPrice(max)}` });
  if (filters.minRating > 0) chips.push({ key: 'minRating', label: `${filters.minRating}★ & up` });
  return chips;
}

export function withoutFilter(filters: Filters, key: ChipKey): Filters {
  switch (key) {
    case 'brand':
      return { ...filters, brand: undefined };
    case 'minRating':
      return { ...filters, minRating: 0 };
    default:
      return { ...filters, [key]: '' };
  }
}
