import { CATALOG_MESSAGES } from '@shop/proto';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useLoaderData, useParams } from 'react-router';
import type { ProductLoaderData } from '../../routes/product';
import { ACCOUNT_ERRORS, toggleWishlist } from '../../api/account';
import { CART_ERRORS } from '../../api/cart';
import { isApiFailure } from '../../api/client';
import { productQuery } from '../../api/productQueries';
import { fetchSimilarProducts, productRating, productReviewCount } from '../../api/products';
import type { Product } from '../../api/types';
import { useAuth } from '../../auth/AuthContext';
import { toCartProduct, useCart } from '../../cart/CartContext';
import { unitPriceOf } from '../../cart/guestCart';
import { useFreeShippingThreshold } from '../../cart/shippingTerms';
import { ProductCard, Stars } from '../../components/ProductCard';
import { LoadingState } from '@shop/web-kit/QueryStates';
import { HeartIcon } from '@shop/web-kit/icons';
import { brandLabel } from '../../content/shop';
import { useBelowTheFold } from '../../hooks/useBelowTheFold';
import { useNearScreen } from '../../hooks/useNearScreen';
import { formatPrice } from '@shop/web-kit/format';
import { createLogger } from '@shop/web-kit/logger';
import { alertFailure } from '../../lib/notify';
import { PICTURE_SIZES } from '../../lib/pictures';
import { EMPTY_DRAFT, toCustomization, type CustomizationDraft } from './customization';
import { Customizer } from './Customizer';
import { Gallery } from './Gallery';
import { ProductTabs } from './ProductTabs';
import './product.css';

export const PRODUCT_MESSAGES = {
  notFoundTitle: 'Product Not Found',
  loadFailed: 'Failed to load product details',
  notFound: CATALOG_MESSAGES.productNotFound,
  loginForWishlist: 'Please login to add to wishlist',
} as const;

/** A low-stock warning shows at this many units or fewer (storefront spec, section 9). */
export const LOW_STOCK_AT = 10;
/** The similar-products block shows 4 of the 8 it asks for. */
export const SIMILAR_SHOWN = 4;
/** How near the screen the reviews start loading, so they are in by the time they scroll into view. */
const REVIEWS_NEAR_MARGIN = '600px 0px';

const logger = createLogger('product');

// The reviews and their form sit below the fold: their code loads as the shopper nears them.
const Reviews = lazy(() => import('./Reviews').then((module) => ({ default: module.Reviews })));

/** A product that does not exist (or could not be read, with Try again), and the way back to the list. */
export function ProductNotFound({ missing, onRetry }: { missing: boolean; onRetry?: () => void }) {
  return (
    <section className="container page narrow not-found" role="alert">
      <h1>{PRODUCT_MESSAGES.notFoundTitle}</h1>
      <p>{missing ? PRODUCT_MESSAGES.notFound : PRODUCT_MESSAGES.loadFailed}</p>
      <div className="actions">
        {onRetry && (
          <button type="button" className="btn btn-secondary" onClick={onRetry}>
            Try again
          </button>
        )}
        <Link to="/products" className="btn btn-primary">
          Browse all products
        </Link>
      </div>
    </section>
  );
}

export default function ProductDetailPage() {
  const { id = '' } = useParams();
  const loaded = useLoaderData<ProductLoaderData | null>();
  const queryClient = useQueryClient();
  // The server's read of the product seeds the cache: hydration does not ask for it again.
  const product = useQuery({ ...productQuery(id), initialData: loaded?.product ?? undefined });

  if (product.isPending) return <LoadingState label="Loading product..." />;
  if (product.isError) {
    const missing = isApiFailure(product.error) && [400, 404].includes(product.error.status);
    return <ProductNotFound missing={missing} onRetry={missing ? undefined : () => void product.refetch()} />;
  }

  return (
    <ProductView
      key={product.data._id}
      product={product.data}
      onReviewPosted={() => void queryClient.invalidateQueries({ queryKey: productQuery(id).queryKey })}
    />
  );
}

function ProductView({ product, onReviewPosted }: { product: Product; onReviewPosted(): void }) {
  const id = useId();
  const { user, updateUser } = useAuth();
  const { addItem } = useCart();
  const [draft, setDraft] = useState<CustomizationDraft>(EMPTY_DRAFT);
  const [quantity, setQuantity] = useState(1);
  const [quantityText, setQuantityText] = useState('1');
  const [uploads, setUploads] = useState(0);
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState(false);
  const [savingWish, setSavingWish] = useState(false);
  const threshold = useFreeShippingThreshold();
  const belowTheFold = useBelowTheFold();

  const customization = useMemo(() => toCustomization(draft), [draft]);
  const unitPrice = unitPriceOf(toCartProduct(product), customization);
  const stock = Math.max(0, product.stock);
  const inWishlist = Boolean(user?.wishlist?.includes(product._id));
  const rating = productRating(product);
  const reviewCount = productReviewCount(product);
  const discount =
    product.originalPrice && product.originalPrice > product.price
      ? Math.round(((product.originalPrice - product.price) / product.originalPrice) * 100)
      : 0;

  useEffect(() => setAdded(false), [draft, quantity]);

  /** Quantity stays between 1 and the units in stock (storefront spec, section 5). */
  const commitQuantity = (value: number) => {
    const next = Math.min(Math.max(1, Number.isFinite(value) ? Math.floor(value) : 1), Math.max(1, stock));
    setQuantity(next);
    setQuantityText(String(next));
  };

  const onAdd = async () => {
    setAdding(true);
    try {
      await addItem(product, quantity, customization);
      setAdded(true);
    } catch (error) {
      alertFailure(error, CART_ERRORS.add);
    } finally {
      setAdding(false);
    }
  };

  const onWishlist = async () => {
    if (!user) {
      window.alert(PRODUCT_MESSAGES.loginForWishlist);
      return;
    }
    setSavingWish(true);
    try {
      const reply = await toggleWishlist(product._id);
      updateUser(reply.user);
    } catch (error) {
      alertFailure(error, ACCOUNT_ERRORS.wishlistUpdate);
    } finally {
      setSavingWish(false);
    }
  };

  return (
    <div className="container product-page">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>
            <Link to="/">Home</Link>
          </li>
          <li>
            <Link to="/products">Products</Link>
          </li>
          <li>
            <Link to={`/products/${product.brand}`}>{brandLabel(product.brand)}</Link>
          </li>
          <li aria-current="page">{product.name}</li>
        </ol>
      </nav>

      <div className="product-main">
        <Gallery images={product.images} name={product.name} />

        <div className="product-info">
          <p className="product-brand">{brandLabel(product.brand)}</p>
          <h1>{product.name}</h1>
          <p className="product-rating">
            <Stars value={rating} />
            <span>
              {rating.toFixed(1)} ({reviewCount} review{reviewCount === 1 ? '' : 's'})
            </span>
          </p>
          <div className="detail-price" aria-live="polite">
            <span className="price" data-testid="unit-price">
              {formatPrice(unitPrice)}
            </span>
            {discount > 0 && product.originalPrice && (
              <>
                <s className="price-original">
                  <span className="visually-hidden">was </span>
                  {formatPrice(product.originalPrice)}
                </s>
                <span className="flag flag-off">{discount}% off</span>
              </>
            )}
            {unitPrice !== product.price && (
              <span className="price-note">with your choices (base price {formatPrice(product.price)})</span>
            )}
          </div>
          {quantity > 1 && (
            <p className="line-total">
              Total for {quantity}: <strong>{formatPrice(unitPrice * quantity)}</strong>
            </p>
          )}

          {stock === 0 ? (
            <p className="stock out" role="status">
              Out of stock
            </p>
          ) : stock <= LOW_STOCK_AT ? (
            <p className="stock low" role="status">
              Only {stock} left in stock!
            </p>
          ) : (
            <p className="stock">In stock</p>
          )}

          <Customizer
            product={product}
            draft={draft}
            onChange={setDraft}
            onUploadingChange={(on) => setUploads((n) => n + (on ? 1 : -1))}
          />

          <div className="buy-row">
            <div className="quantity" role="group" aria-labelledby={`${id}-qty-label`}>
              <span id={`${id}-qty-label`} className="quantity-label">
                Quantity
              </span>
              <button
                type="button"
                aria-label="Decrease quantity"
                disabled={quantity <= 1 || stock === 0}
                onClick={() => commitQuantity(quantity - 1)}
              >
                −
              </button>
              <input
                type="number"
                inputMode="numeric"
                aria-label="Quantity"
                min={1}
                max={Math.max(1, stock)}
                value={quantityText}
                disabled={stock === 0}
                onChange={(e) => setQuantityText(e.target.value)}
                onBlur={() => commitQuantity(Number(quantityText))}
                onKeyDown={(e) => e.key === 'Enter' && commitQuantity(Number(quantityText))}
              />
              <button
                type="button"
                aria-label="Increase quantity"
                disabled={quantity >= stock}
                onClick={() => commitQuantity(quantity + 1)}
              >
                +
              </button>
            </div>
            <button
              type="button"
              className="btn btn-primary add-to-cart"
              disabled={stock === 0 || adding || uploads > 0}
              onClick={() => void onAdd()}
            >
              {adding ? 'Adding...' : 'Add to Cart'}
            </button>
            <button
              type="button"
              className={inWishlist ? 'btn btn-secondary wish on' : 'btn btn-secondary wish'}
              aria-pressed={inWishlist}
              disabled={savingWish}
              onClick={() => void onWishlist()}
            >
              <HeartIcon fill={inWishlist ? 'currentColor' : 'none'} />
              {inWishlist ? 'In Wishlist' : 'Add to Wishlist'}
            </button>
          </div>
          {added && (
            <p className="notice notice-info" role="status">
              Added to cart. <Link to="/cart">View cart</Link>
            </p>
          )}

          <div className="shipping-note">
            {threshold !== undefined && (
              <p>
                <strong>Free shipping</strong> on orders above {formatPrice(threshold)}.
              </p>
            )}
            <p>
              Delivery in 3-5 business days
              {product.turnaroundTime ? `; made to order in ${product.turnaroundTime}` : ''}.
            </p>
          </div>
        </div>
      </div>

      {/* The details are in the server's HTML, for crawlers and for browsers without the app. */}
      <ProductTabs product={product} />
      {belowTheFold && (
        <>
          <LaterReviews productId={product._id} onPosted={onReviewPosted} />
          <SimilarProducts productId={product._id} />
        </>
      )}
    </div>
  );
}

/**
 * The reviews, once the shopper comes near them. Their code (35 KB with the form library), their
 * request and their render ran while a phone was still busy with the product above them, and
 * Lighthouse (mobile) counted all of it as blocking time; a shopper who never scrolls down needs none of it.
 */
function LaterReviews({ productId, onPosted }: { productId: string; onPosted(): void }) {
  const region = useRef<HTMLElement>(null);
  const near = useNearScreen(region, REVIEWS_NEAR_MARGIN);
  return (
    <section ref={region} className="reviews" aria-labelledby="reviews-title">
      <h2 id="reviews-title">Customer reviews</h2>
      {near ? (
        <Suspense fallback={<LoadingState label="Loading reviews..." />}>
          <Reviews productId={productId} onPosted={onPosted} />
        </Suspense>
      ) : (
        <LoadingState label="Loading reviews..." />
      )}
    </section>
  );
}

function SimilarProducts({ productId }: { productId: string }) {
  const similar = useQuery({
    queryKey: ['similar', productId],
    queryFn: async ({ signal }) => {
      try {
        return await fetchSimilarProducts(productId, signal);
      } catch (error) {
        // The block is a suggestion: without it the page is still whole.
        logger.warn('Similar products could not be loaded', error);
        return [];
      }
    },
  });
  const shown = (similar.data ?? []).filter((p) => p._id !== productId).slice(0, SIMILAR_SHOWN);
  if (shown.length === 0) return null;
  return (
    <section className="similar" aria-labelledby="similar-title">
      <h2 id="similar-title">Similar products</h2>
      <div className="product-grid">
        {shown.map((p) => (
          <ProductCard key={p._id} product={p} sizes={PICTURE_SIZES.pageCard} />
        ))}
      </div>
    </section>
  );
}
