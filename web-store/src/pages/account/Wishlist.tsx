import { pictureUrlFor } from '@shop/proto';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ACCOUNT_ERRORS, fetchWishlistEntries, removeFromWishlist } from '../../api/account';
import { connectionProblem, isApiFailure } from '../../api/client';
import { productImage } from '../../api/catalogPaths';
import { fetchProduct } from '../../api/products';
import type { Product } from '../../api/types';
import { useAuth } from '../../auth/AuthContext';
import { useCart } from '../../cart/CartContext';
import { ConfirmDialog } from '../../components/Modal';
import { EmptyState, ErrorState } from '@shop/web-kit/QueryStates';
import { brandLabel } from '../../content/shop';
import { formatAmount } from '@shop/web-kit/format';
import { createLogger } from '@shop/web-kit/logger';
import { alertFailure } from '../../lib/notify';
import { ITEMS_ADDED } from './OrderHistory';

export const WISHLIST_TEXT = {
  moved: 'Product moved to cart',
  removeTitle: 'Remove from Wishlist',
  removeMessage: 'Are you sure you want to remove this item from your wishlist?',
  removeSelectedTitle: 'Remove Selected Items',
  removeSelectedMessage: (n: number) => `${n} item(s) will be removed from your wishlist.`,
  empty: 'Your wishlist is empty',
} as const;

export const WISHLIST_SORTS = [
  { value: 'name-asc', label: 'Name A-Z' },
  { value: 'name-desc', label: 'Name Z-A' },
  { value: 'price-asc', label: 'Price low to high' },
  { value: 'price-desc', label: 'Price high to low' },
] as const;
type WishlistSort = (typeof WISHLIST_SORTS)[number]['value'];

const SKELETONS = 6;
const WISHLIST_KEY = ['account', 'wishlist'] as const;
const logger = createLogger('wishlist');

/**
 * The wishlist keeps product ids; each product is read from the catalog. A product the shop no
 * longer sells is left out.
 */
async function loadWishlist(signal?: AbortSignal): Promise<Product[]> {
  const entries = await fetchWishlistEntries(signal);
  const products = await Promise.all(
    entries.map(async (entry) => {
      try {
        return await fetchProduct(entry.productId, signal);
      } catch (error) {
        if (isApiFailure(error) && error.status === 404) {
          logger.warn(`Wishlist product ${entry.productId} is no longer sold`);
          return null;
        }
        throw error;
      }
    }),
  );
  return products.filter((p): p is Product => p !== null);
}

function sortProducts(products: Product[], sort: WishlistSort): Product[] {
  const sorted = [...products];
  switch (sort) {
    case 'name-asc':
      return sorted.sort((a, b) => a.name.localeCompare(b.name));
    case 'name-desc':
      return sorted.sort((a, b) => b.name.localeCompare(a.name));
    case 'price-asc':
      return sorted.sort((a, b) => a.price - b.price);
    case 'price-desc':
      return sorted.sort((a, b) => b.price - a.price);
  }
}

type Pending = { kind: 'one'; product: Product } | { kind: 'selected' } | null;

export function Wishlist() {
  const id = useId();
  const queryClient = useQueryClient();
  const { updateUser } = useAuth();
  const { addItem } = useCart();
  const wishlist = useQuery({
    queryKey: WISHLIST_KEY,
    queryFn: ({ signal }) => loadWishlist(signal),
    refetchOnMount: 'always',
  });
  const [search, setSearch] = useState('');
  const [brand, setBrand] = useState('all');
  const [sort, setSort] = useState<WishlistSort>('name-asc');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);

  const products = useMemo(() => wishlist.data ?? [], [wishlist.data]);
  const brands = [...new Set(products.map((p) => p.brand).filter(Boolean))];
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const matching = products.filter(
      (p) =>
        (brand === 'all' || p.brand === brand) &&
        (!needle || p.name.toLowerCase().includes(needle) || p.category.toLowerCase().includes(needle)),
    );
    return sortProducts(matching, sort);
  }, [products, search, brand, sort]);
  const chosen = shown.filter((p) => selected.has(p._id));
  const allSelected = shown.length > 0 && chosen.length === shown.length;

  /** Removal drops the item locally once the server has agreed (storefront spec, section 4). */
  const remove = async (ids: string[]) => {
    for (const productId of ids) {
      const user = await removeFromWishlist(productId);
      updateUser(user);
      queryClient.setQueryData<Product[]>(WISHLIST_KEY, (list) => list?.filter((p) => p._id !== productId));
      setSelected((current) => {
        const next = new Set(current);
        next.delete(productId);
        return next;
      });
    }
  };

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      alertFailure(error, ACCOUNT_ERRORS.wishlistUpdate);
    } finally {
      setBusy(false);
    }
  };

  /** Moving adds one unit with no customization, then takes the item off the wishlist. */
  const moveToCart = (items: Product[], message: string) =>
    run(async () => {
      for (const product of items) {
        await addItem(product, 1, {});
        await remove([product._id]);
      }
      window.alert(message);
    });

  const confirmRemoval = () => {
    const ids = pending?.kind === 'one' ? [pending.product._id] : chosen.map((p) => p._id);
    setPending(null);
    void run(() => remove(ids));
  };

  const toggle = (productId: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(productId)) next.delete(productId);
      else next.add(productId);
      return next;
    });

  return (
    <>
      <h2>My Wishlist</h2>
      {wishlist.isPending ? (
        <div className="wishlist-grid" role="status" aria-label="Loading wishlist">
          {Array.from({ length: SKELETONS }, (_, i) => (
            <div key={i} className="wish-card skeleton" aria-hidden="true">
              <div className="skeleton-block wish-media" />
              <span className="skeleton-line" />
              <span className="skeleton-line short" />
            </div>
          ))}
        </div>
      ) : wishlist.isError ? (
        <ErrorState
          message={connectionProblem(wishlist.error) ?? ACCOUNT_ERRORS.load}
          onRetry={() => void wishlist.refetch()}
        />
      ) : products.length === 0 ? (
        <EmptyState title={WISHLIST_TEXT.empty}>
          <Link to="/products" className="btn btn-primary">
            Browse products
          </Link>
        </EmptyState>
      ) : (
        <>
          <div className="wishlist-toolbar">
            <div className="field">
              <label htmlFor={`${id}-search`}>Search wishlist</label>
              <input
                id={`${id}-search`}
                type="search"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
              />
            </div>
            <div className="field">
              <label htmlFor={`${id}-brand`}>Brand</label>
              <select id={`${id}-brand`} value={brand} onChange={(e) => setBrand(e.target.value)}>
                <option value="all">All brands</option>
                {brands.map((b) => (
                  <option key={b} value={b}>
                    {brandLabel(b)}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${id}-sort`}>Sort</label>
              <select
                id={`${id}-sort`}
                value={sort}
                onChange={(e) => setSort(e.target.value as WishlistSort)}
              >
                {WISHLIST_SORTS.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <div className="wishlist-bulk">
            <button
              type="button"
              className="btn btn-secondary"
              disabled={shown.length === 0}
              onClick={() => setSelected(allSelected ? new Set() : new Set(shown.map((p) => p._id)))}
            >
              {allSelected ? 'Unselect all' : 'Select all'}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={chosen.length === 0 || busy}
              onClick={() => void moveToCart(chosen, chosen.length === 1 ? WISHLIST_TEXT.moved : ITEMS_ADDED)}
            >
              Move selected to cart
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              disabled={chosen.length === 0 || busy}
              onClick={() => setPending({ kind: 'selected' })}
            >
              Remove selected
            </button>
          </div>
          {shown.length === 0 ? (
            <EmptyState title="No saved items match your search." />
          ) : (
            <ul className="wishlist-grid">
              {shown.map((product) => {
                // A card some 300 px wide on a phone: the stored width that fills it at 2x, not the 1200 px held.
                const image = pictureUrlFor(productImage(product) ?? '/logo.svg', 640);
                const customizable = product.allowsImageUpload || product.availableSizes.length > 0;
                return (
                  <li key={product._id}>
                    <article className="wish-card" aria-label={product.name}>
                      <label className="checkbox wish-select">
                        <input
                          type="checkbox"
                          checked={selected.has(product._id)}
                          onChange={() => toggle(product._id)}
                        />
                        <span className="visually-hidden">Select {product.name}</span>
                      </label>
                      <Link
                        to={`/product/${encodeURIComponent(product._id)}`}
                        tabIndex={-1}
                        aria-hidden="true"
                      >
                        <img
                          className="wish-media"
                          src={image}
                          alt=""
                          width={240}
                          height={240}
                          loading="lazy"
                          onError={(e) => {
                            if (!e.currentTarget.src.endsWith('/logo.svg')) e.currentTarget.src = '/logo.svg';
                          }}
                        />
                      </Link>
                      {customizable && <span className="flag flag-new">Customizable</span>}
                      <h3>
                        <Link to={`/product/${encodeURIComponent(product._id)}`}>{product.name}</Link>
                      </h3>
                      <p className="muted">{brandLabel(product.brand)}</p>
                      <p className="price">{formatAmount(product.price)}</p>
                      <div className="wish-actions">
                        <button
                          type="button"
                          className="btn btn-primary"
                          disabled={busy || product.stock <= 0}
                          onClick={() => void moveToCart([product], WISHLIST_TEXT.moved)}
                        >
                          Move to Cart<span className="visually-hidden"> {product.name}</span>
                        </button>
                        <button
                          type="button"
                          className="btn btn-secondary"
                          disabled={busy}
                          onClick={() => setPending({ kind: 'one', product })}
                        >
                          Remove<span className="visually-hidden"> {product.name}</span>
                        </button>
                      </div>
                    </article>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === 'selected' ? WISHLIST_TEXT.removeSelectedTitle : WISHLIST_TEXT.removeTitle}
        message={
          pending?.kind === 'selected'
            ? WISHLIST_TEXT.removeSelectedMessage(chosen.length)
            : WISHLIST_TEXT.removeMessage
        }
        confirmLabel="Remove"
        onConfirm={confirmRemoval}
        onCancel={() => setPending(null)}
      />
    </>
  );
}
