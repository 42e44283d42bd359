import { Link } from 'react-router';
import { productImage } from '../api/catalogPaths';
import { productRating, productReviewCount } from '../api/products';
import type { ProductCard as Card } from '../api/types';
import { brandLabel } from '../content/shop';
import { formatPrice } from '@shop/web-kit/format';
import { PICTURE_SIZES, preloadPicture } from '../lib/pictures';
import { CartButton } from './CartButton';
import { ProductImage } from './ProductImage';
import { StarIcon } from '@shop/web-kit/icons';

export function Stars({ value }: { value: number }) {
  const rounded = Math.round(value);
  return (
    <span className="stars" aria-hidden="true">
      {[1, 2, 3, 4, 5].map((n) => (
        <StarIcon key={n} filled={n <= rounded} />
      ))}
    </span>
  );
}

/**
 * `eager` for the cards on the first screen, whose pictures are the page's largest paint; `sizes`
 * says how wide the grid shows the picture (PICTURE_SIZES).
 */
export function ProductCard({
  product,
  eager = false,
  sizes = PICTURE_SIZES.listCard,
}: {
  product: Card;
  eager?: boolean;
  sizes?: string;
}) {
  const image = productImage(product);
  const rating = productRating(product);
  const reviews = productReviewCount(product);
  const discount =
    product.originalPrice && product.originalPrice > product.price
      ? Math.round(((product.originalPrice - product.price) / product.originalPrice) * 100)
      : 0;
  const href = `/product/${encodeURIComponent(product._id)}`;
  // The product page opens on this picture: it starts with the click, beside the page's request.
  const opening = () => image && preloadPicture(image, PICTURE_SIZES.gallery, { avif: false });

  return (
    <article className="product-card">
      <Link to={href} className="product-media" tabIndex={-1} aria-hidden="true" onClick={opening}>
        {image ? (
          <ProductImage src={image} sizes={sizes} width={320} height={320} priority={eager} />
        ) : (
          <img src="/logo.svg" alt="" width={320} height={320} className="placeholder-image" loading="lazy" />
        )}
        <span className="product-flags">
          {product.isNew && <span className="flag flag-new">New</span>}
          {product.isBestSeller && <span className="flag flag-best">Best Seller</span>}
          {discount > 0 && <span className="flag flag-off">{discount}% off</span>}
        </span>
      </Link>
      <div className="product-body">
        <p className="product-brand">{brandLabel(product.brand)}</p>
        <h3 className="product-name">
          <Link to={href} onClick={opening}>
            {product.name}
          </Link>
        </h3>
        <p className="product-rating">
          <Stars value={rating} />
          <span className="visually-hidden">Rated {rating.toFixed(1)} out of 5</span>
          <span className="review-count">({reviews})</span>
        </p>
        <p className="product-price">
          <span className="price">{formatPrice(product.price)}</span>
          {discount > 0 && product.originalPrice && (
            <s className="price-original">
              <span className="visually-hidden">was </span>
              {formatPrice(product.originalPrice)}
            </s>
          )}
        </p>
        <CartButton product={product} />
      </div>
    </article>
  );
}

export function ProductCardSkeleton() {
  return (
    <div className="product-card skeleton" aria-hidden="true">
      <div className="product-media skeleton-block" />
      <div className="product-body">
        <span className="skeleton-line short" />
        <span className="skeleton-line" />
        <span className="skeleton-line short" />
        <span className="skeleton-line button" />
      </div>
    </div>
  );
}
