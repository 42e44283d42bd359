import { PRODUCT_SORTS, type ProductSort } from '@shop/proto';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useLoaderData, useNavigate, useParams, useSearchParams } from 'react-router';
import { failureMessage } from '../../api/client';
import { productListQuery } from '../../api/productQueries';
import { ProductCard, ProductCardSkeleton } from '../../components/ProductCard';
import { EmptyState, ErrorState } from '@shop/web-kit/QueryStates';
import { FilterIcon } from '@shop/web-kit/icons';
import { BRAND_INFO, CATEGORIES, productListTitle } from '../../content/shop';
import type { ProductsLoaderData } from '../../routes/products';
import {
  filterChips,
  filterParams,
  keepPriceOrder,
  listPageNumber,
  productsPath,
  RATING_CHOICES,
  readFilters,
  SORT_LABELS,
  toProductQuery,
  withoutFilter,
  type Filters,
} from './filters';

export const PRODUCTS_ERROR = 'Failed to load products. Please try again later.';
const SEARCH_DEBOUNCE_MS = 300;
const SKELETON_CARDS = 8;
/** The cards of a phone's first screen: their pictures load first, the others' as they near it. */
export const EAGER_CARDS = 4;

export default function ProductsPage() {
  const { brand: brandParam } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const filters = useMemo(() => readFilters(params, brandParam), [params, brandParam]);

  // The filters a change builds on: the address bar's, or those just applied while the navigation
  // to them is under way, so that two quick changes (a category, then a sort) do not undo each other.
  // The address bar is followed only when it changes from elsewhere (Back, a link).
  const latestFilters = useRef(filters);
  const applying = useRef(new Set<string>());
  useEffect(() => {
    const path = productsPath(filters.brand, filterParams(filters));
    if (!applying.current.delete(path)) latestFilters.current = filters;
  }, [filters]);
  const apply = (next: Filters) => {
    const path = productsPath(next.brand, filterParams(next));
    latestFilters.current = next;
    applying.current.add(path);
    void navigate(path, { replace: true });
  };

  // Typing in the search box updates the list once the shopper pauses.
  const [searchText, setSearchText] = useState(filters.search);
  const searchTimer = useRef<number | undefined>(undefined);
  useEffect(() => setSearchText(filters.search), [filters.search]);
  useEffect(() => () => window.clearTimeout(searchTimer.current), []);
  const onSearchChange = (text: string) => {
    setSearchText(text);
    window.clearTimeout(searchTimer.current);
    searchTimer.current = window.setTimeout(() => {
      const current = latestFilters.current;
      if (text.trim() !== current.search) apply({ ...current, search: text.trim() });
    }, SEARCH_DEBOUNCE_MS);
  };

  // The price boxes follow the address bar only when it changes from elsewhere (a chip, Clear all,
  // Back). The shopper's own minimum reaches the address bar a render later, by which time they
  // may be typing the maximum: following it then would wipe what they typed.
  const [prices, setPrices] = useState({ minPrice: filters.minPrice, maxPrice: filters.maxPrice });
  const appliedPrices = useRef(prices);
  useEffect(() => {
    const applied = appliedPrices.current;
    if (applied.minPrice === filters.minPrice && applied.maxPrice === filters.maxPrice) return;
    appliedPrices.current = { minPrice: filters.minPrice, maxPrice: filters.maxPrice };
    setPrices(appliedPrices.current);
  }, [filters.minPrice, filters.maxPrice]);
  const commitPrice = (changed: 'min' | 'max') => {
    const ordered = keepPriceOrder(changed, prices.minPrice, prices.maxPrice);
    setPrices(ordered);
    const applied = appliedPrices.current;
    if (ordered.minPrice === applied.minPrice && ordered.maxPrice === applied.maxPrice) return;
    appliedPrices.current = ordered;
    apply({ ...latestFilters.current, ...ordered });
  };

  const [panelOpen, setPanelOpen] = useState(false);
  const panelId = useId();

  const query = toProductQuery(filters);
  const firstPage = listPageNumber(params);
  const loaded = useLoaderData<ProductsLoaderData | null>();
  // The server's read of the list seeds the cache: hydration does not ask for it again.
  const products = useInfiniteQuery({
    ...productListQuery(query, firstPage),
    initialData: loaded?.list ? { pages: [loaded.list], pageParams: [{ page: firstPage }] } : undefined,
  });

  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError } = products;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage && !isError) void fetchNextPage();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  const chips = filterChips(filters);
  const items = products.data?.pages.flatMap((page) => page.products) ?? [];
  const lastPage = products.data?.pages.at(-1);
  const pageLink = (page: number) => {
    const next = filterParams(filters);
    if (page > 1) next.set('page', String(page));
    return productsPath(filters.brand, next);
  };
  const total = products.data?.pages[0]?.total ?? 0;
  const searchId = `${panelId}-search`;

  return (
    <div className="container products-page">
      <div className="products-head">
        <h1>{productListTitle(filters.brand)}</h1>
        <nav className="brand-pills" aria-label="Brands">
          <Link
            to={productsPath(undefined, filterParams(filters))}
            aria-current={!filters.brand ? 'page' : undefined}
          >
            All
          </Link>
          {BRAND_INFO.map((b) => (
            <Link
              key={b.slug}
              to={productsPath(b.slug, filterParams(filters))}
              aria-current={filters.brand === b.slug ? 'page' : undefined}
            >
              {b.label}
            </Link>
          ))}
        </nav>
      </div>

      <div className="products-toolbar">
        <div className="field field-inline search-field">
          <label htmlFor={searchId} className="visually-hidden">
            Search in products
          </label>
          <input
            id={searchId}
            type="search"
            placeholder="Search in products..."
            value={searchText}
            onChange={(e) => onSearchChange(e.target.value)}
          />
        </div>
        <button
          type="button"
          className="btn btn-secondary filter-toggle"
          aria-expanded={panelOpen}
          aria-controls={panelId}
          onClick={() => setPanelOpen((open) => !open)}
        >
          <FilterIcon /> Filters{chips.length > 0 ? ` (${chips.length})` : ''}
        </button>
        <div className="field field-inline">
          <label htmlFor={`${panelId}-sort`}>Sort by</label>
          <select
            id={`${panelId}-sort`}
            value={filters.sort}
            onChange={(e) => apply({ ...latestFilters.current, sort: e.target.value as ProductSort })}
          >
            {PRODUCT_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div className="products-layout">
        <aside id={panelId} className={panelOpen ? 'filter-panel open' : 'filter-panel'} aria-label="Filters">
          <div className="field">
            <label htmlFor={`${panelId}-category`}>Category</label>
            <select
              id={`${panelId}-category`}
              value={filters.category}
              onChange={(e) => apply({ ...latestFilters.current, category: e.target.value })}
            >
              <option value="">All categories</option>
              {CATEGORIES.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
              {filters.category && !CATEGORIES.some((c) => c.value === filters.category) && (
                <option value={filters.category}>{filters.category}</option>
              )}
            </select>
          </div>
          <fieldset className="field price-range">
            <legend>Price (₹)</legend>
            <div className="price-inputs">
              <label>
                <span className="visually-hidden">Minimum price</span>
                <input
                  type="number"
                  inputMode="numeric"
                  min={0}
                  placeholder="Min"
                  value={prices.minPrice}
                  onChange={(e) => setPrices((p) => ({ ...p, minPrice: e.target.value }))}
                  onBlur={() => commitPrice('min')}
                  onKeyDown={(e) => e.key === 'Enter' && commitPrice('min')}
                />
              </label>
              <span aria-hidden="true">to</span>
              <label>
                <span className="visually-hidden">Maximum price</span>
                <input
                  type="number"
                  inputMode="numeric"
                  min={0}
                  placeholder="Max"
                  value={prices.maxPrice}
                  onChange={(e) => setPrices((p) => ({ ...p, maxPrice: e.target.value }))}
                  onBlur={() => commitPrice('max')}
                  onKeyDown={(e) => e.key === 'Enter' && commitPrice('max')}
                />
              </label>
            </div>
          </fieldset>
          <div className="field">
            <label htmlFor={`${panelId}-rating`}>Customer rating</label>
            <select
              id={`${panelId}-rating`}
              value={filters.minRating}
              onChange={(e) => apply({ ...latestFilters.current, minRating: Number(e.target.value) })}
            >
              {RATING_CHOICES.map((r) => (
                <option key={r} value={r}>
                  {r === 0 ? 'Any rating' : `${r} stars & up`}
                </option>
              ))}
            </select>
          </div>
        </aside>

        <section className="products-results" aria-labelledby="results-heading">
          <h2 id="results-heading" className="visually-hidden">
            Products
          </h2>
          {chips.length > 0 && (
            <ul className="chips" aria-label="Active filters">
              {chips.map((chip) => (
                <li key={chip.key}>
                  <button
                    type="button"
                    className="chip"
                    aria-label={`Remove filter ${chip.label}`}
                    onClick={() => apply(withoutFilter(latestFilters.current, chip.key))}
                  >
                    {chip.label} <span aria-hidden="true">×</span>
                  </button>
                </li>
              ))}
              <li>
                <button
                  type="button"
                  className="btn-link"
                  onClick={() => navigate('/products', { replace: true })}
                >
                  Clear all
                </button>
              </li>
            </ul>
          )}

          {products.isPending ? (
            <div className="product-grid" role="status" aria-label="Loading products">
              {Array.from({ length: SKELETON_CARDS }, (_, i) => (
                <ProductCardSkeleton key={i} />
              ))}
            </div>
          ) : products.isError && items.length === 0 ? (
            <ErrorState
              message={failureMessage(products.error, PRODUCTS_ERROR)}
              onRetry={() => void products.refetch()}
            />
          ) : items.length === 0 ? (
            <EmptyState title="No products found.">
              <p>Try a different search or fewer filters.</p>
            </EmptyState>
          ) : (
            <>
              <p className="results-count" aria-live="polite">
                Showing {items.length} of {Math.max(total, items.length)} products
              </p>
              <div className="product-grid">
                {items.map((product, index) => (
                  <ProductCard key={product._id} product={product} eager={index < EAGER_CARDS} />
                ))}
                {isFetchingNextPage &&
                  Array.from({ length: 4 }, (_, i) => <ProductCardSkeleton key={`more-${i}`} />)}
              </div>
              {products.isFetchNextPageError && (
                <ErrorState
                  message={failureMessage(products.error, PRODUCTS_ERROR)}
                  onRetry={() => void products.fetchNextPage()}
                />
              )}
              {hasNextPage && !isFetchingNextPage && !products.isFetchNextPageError && (
                <div className="load-more">
                  <button
                    type="button"
                    className="btn btn-secondary"
                    onClick={() => void products.fetchNextPage()}
                  >
                    Load more products
                  </button>
                </div>
              )}
              <div ref={sentinel} className="scroll-sentinel" aria-hidden="true" />
              {(firstPage > 1 || lastPage?.hasMore) && (
                // Pages as links as well: they work before the app has loaded, or without it.
                <nav className="list-pages" aria-label="Pages">
                  {firstPage > 1 && (
                    <Link to={pageLink(firstPage - 1)} rel="prev">
                      Previous page
                    </Link>
                  )}
                  {lastPage?.hasMore && (
                    <Link to={pageLink(lastPage.page + 1)} rel="next">
                      Next page
                    </Link>
                  )}
                </nav>
              )}
            </>
          )}
        </section>
      </div>
    </div>
  );
}
