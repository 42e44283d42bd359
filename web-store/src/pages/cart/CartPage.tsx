import { CART_MESSAGES, type CartPromoReply } from '@shop/proto';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { CART_ERRORS } from '../../api/cart';
import { failureMessage, isApiFailure } from '../../api/client';
import { productImage } from '../../api/catalogPaths';
import { useAuth } from '../../auth/AuthContext';
import { useCart } from '../../cart/CartContext';
import { artworkOf, describeCustomization } from '../../cart/customizationSummary';
import type { CartLineView } from '../../cart/guestCart';
import { useFreeShippingThreshold } from '../../cart/shippingTerms';
import { ProductImage } from '../../components/ProductImage';
import { EmptyState, ErrorState, LoadingState } from '@shop/web-kit/QueryStates';
import { brandLabel } from '../../content/shop';
import { useShopContact, type ShopContact } from '../../content/useShopContact';
import { formatPrice } from '@shop/web-kit/format';
import { alertFailure } from '../../lib/notify';
import { PICTURE_SIZES } from '../../lib/pictures';
import './cart.css';

export const CART_TEXT = {
  otherBrand: 'Other',
  bulkOrder: (contact: Pick<ShopContact, 'email' | 'phone'>) =>
    `Bulk order: 50 or more items qualify for special pricing. Contact us at ${contact.email} or ${contact.phone} for a quote.`,
  clearConfirm: 'Remove every item from your cart?',
} as const;

export interface BrandGroup {
  label: string;
  lines: CartLineView[];
}

/** Lines grouped by brand, in the order brands first appear; a line without one goes under "Other". */
export function groupByBrand(lines: CartLineView[]): BrandGroup[] {
  const groups = new Map<string, CartLineView[]>();
  for (const line of lines) {
    const label = line.product.brand ? brandLabel(line.product.brand) : CART_TEXT.otherBrand;
    groups.set(label, [...(groups.get(label) ?? []), line]);
  }
  return [...groups].map(([label, grouped]) => ({ label, lines: grouped }));
}

export default function CartPage() {
  const { user } = useAuth();
  const cart = useCart();
  const queryClient = useQueryClient();
  const { promoCode, setPromoCode, previewPromo } = cart;
  const promoKey = (code: string | null) => ['cart-promo', cart.mode, code, cart.totals.subtotal, cart.count];
  const threshold = useFreeShippingThreshold();
  const contact = useShopContact();

  // A promo is re-checked by the server whenever the cart changes, since it depends on the subtotal.
  const promo = useQuery<CartPromoReply>({
    queryKey: promoKey(promoCode),
    queryFn: () => previewPromo(promoCode!),
    enabled: Boolean(promoCode) && cart.status === 'ready' && cart.lines.length > 0,
    staleTime: 0,
  });
  // A code the server no longer takes is dropped; one it could not be asked about is kept.
  useEffect(() => {
    if (!isApiFailure(promo.error) || promo.error.message !== CART_MESSAGES.invalidPromo) return;
    alertFailure(promo.error, CART_ERRORS.promo);
    setPromoCode(null);
  }, [promo.error, setPromoCode]);

  if (cart.status === 'loading') return <LoadingState label="Loading your cart..." />;
  if (cart.status === 'error') {
    return (
      <section className="container page">
        <h1>Shopping Cart</h1>
        <ErrorState message={failureMessage(cart.error, CART_ERRORS.load)} onRetry={cart.reload} />
      </section>
    );
  }
  if (cart.lines.length === 0) {
    return (
      <section className="container page">
        <h1>Shopping Cart</h1>
        <EmptyState title="Your cart is empty">
          <p>Browse our labels, merchandise and personalised gifts.</p>
          <Link to="/products" className="btn btn-primary">
            Continue Shopping
          </Link>
        </EmptyState>
      </section>
    );
  }

  const applied = promoCode && promo.data ? promo.data : null;
  const { subtotal, shipping, total, bulkOrder } = cart.totals;
  const toFreeShipping = threshold === undefined ? 0 : threshold - subtotal;
  const orderable = cart.lines.some((line) => line.available);
  const unavailable = cart.lines.filter((line) => !line.available).length;

  const onClear = async () => {
    if (!window.confirm(CART_TEXT.clearConfirm)) return;
    try {
      await cart.clear();
    } catch (error) {
      alertFailure(error, CART_ERRORS.clear);
    }
  };

  return (
    <section className="container page cart-page">
      <div className="cart-head">
        <h1>Shopping Cart</h1>
        <p className="cart-count">
          {cart.count} item{cart.count === 1 ? '' : 's'}
        </p>
      </div>
      {bulkOrder && (
        <div className="notice notice-info bulk-alert" role="status">
          {CART_TEXT.bulkOrder(contact)}
        </div>
      )}
      <div className="cart-layout">
        <div className="cart-groups">
          {groupByBrand(cart.lines).map((group) => (
            <section key={group.label} className="cart-group" aria-label={`${group.label} items`}>
              <h2>{group.label}</h2>
              <ul className="cart-lines">
                {group.lines.map((line) => (
                  <li key={line._id}>
                    <CartLineRow line={line} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
          <button type="button" className="btn-link" onClick={() => void onClear()}>
            Clear cart
          </button>
        </div>

        <aside className="cart-summary" aria-labelledby="summary-title">
          <h2 id="summary-title">Order Summary</h2>
          <dl>
            <div>
              <dt>Subtotal</dt>
              <dd>{formatPrice(subtotal)}</dd>
            </div>
            {applied && (
              <div className="discount">
                <dt>
                  Promo ({applied.code}, {applied.percent}% off)
                </dt>
                <dd>−{formatPrice(applied.discount)}</dd>
              </div>
            )}
            <div>
              <dt>Shipping</dt>
              <dd>
                {(applied ? applied.shipping : shipping) === 0
                  ? 'Free'
                  : formatPrice(applied ? applied.shipping : shipping)}
              </dd>
            </div>
            <div className="total">
              <dt>Total</dt>
              <dd>{formatPrice(applied ? applied.total : total)}</dd>
            </div>
          </dl>
          {threshold !== undefined && (
            <p className="free-shipping-hint">
              Free shipping on orders above {formatPrice(threshold)}.
              {shipping > 0 && toFreeShipping > 0 && ` Add ${formatPrice(toFreeShipping)} more to qualify.`}
            </p>
          )}
          {unavailable > 0 && (
            <p className="field-hint">
              {unavailable === 1 ? 'One item is' : `${unavailable} items are`} unavailable and will not be
              ordered.
            </p>
          )}
          <PromoForm
            applied={applied}
            onApply={async (code) => {
              try {
                queryClient.setQueryData(promoKey(code), await previewPromo(code));
                setPromoCode(code);
              } catch (error) {
                alertFailure(error, CART_ERRORS.promo);
              }
            }}
            onRemove={() => setPromoCode(null)}
          />
          {user ? (
            orderable ? (
              <Link to="/checkout" className="btn btn-primary btn-block">
                Proceed to Checkout
              </Link>
            ) : (
              <button type="button" className="btn btn-primary btn-block" disabled>
                Proceed to Checkout
              </button>
            )
          ) : (
            <Link to="/login" state={{ from: '/checkout' }} className="btn btn-primary btn-block">
              Login to Checkout
            </Link>
          )}
          <Link to="/products" className="btn btn-secondary btn-block">
            Continue Shopping
          </Link>
        </aside>
      </div>
    </section>
  );
}

function PromoForm({
  applied,
  onApply,
  onRemove,
}: {
  applied: CartPromoReply | null;
  onApply(code: string): Promise<void>;
  onRemove(): void;
}) {
  const id = useId();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  if (applied) {
    return (
      <p className="promo-applied">
        Promo <strong>{applied.code}</strong> applied.{' '}
        <button type="button" className="btn-link" onClick={onRemove}>
          Remove promo
        </button>
      </p>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim().toUpperCase();
    if (!typed) return;
    setBusy(true);
    try {
      await onApply(typed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="promo-form" onSubmit={(e) => void submit(e)}>
      <label htmlFor={`${id}-promo`}>Promo code</label>
      <div className="promo-row">
        <input
          id={`${id}-promo`}
          value={code}
          autoComplete="off"
          maxLength={50}
          onChange={(e) => setCode(e.target.value)}
        />
        <button type="submit" className="btn btn-secondary" disabled={busy || !code.trim()}>
          Apply
        </button>
      </div>
    </form>
  );
}

function CartLineRow({ line }: { line: CartLineView }) {
  const { setQuantity, removeLine } = useCart();
  const [busy, setBusy] = useState(false);
  const [text, setText] = useState(String(line.quantity));
  useEffect(() => setText(String(line.quantity)), [line.quantity]);
  const image = productImage(line.product);
  const details = describeCustomization(line.customization, line.product.customizations, {
    artworkApart: true,
  });
  const artwork = artworkOf(line.customization, line.product.customizations);
  const stock = line.product.stock;
  const href = `/product/${encodeURIComponent(line.productId)}`;

  const run = async (action: () => Promise<void>, fallback: string) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      alertFailure(error, fallback);
      setText(String(line.quantity));
    } finally {
      setBusy(false);
    }
  };

  /** Zero or below removes the line (storefront spec, section 4). */
  const change = (quantity: number) =>
    run(
      () => (quantity <= 0 ? removeLine(line._id) : setQuantity(line._id, quantity)),
      quantity <= 0 ? CART_ERRORS.remove : CART_ERRORS.quantity,
    );

  const commitText = () => {
    const typed = Math.floor(Number(text));
    if (!Number.isFinite(typed) || typed === line.quantity) {
      setText(String(line.quantity));
      return;
    }
    void change(typed);
  };

  return (
    <article
      className={line.available ? 'cart-line' : 'cart-line unavailable'}
      aria-label={line.product.name}
    >
      <Link to={href} className="cart-line-media" tabIndex={-1} aria-hidden="true">
        <ProductImage src={image ?? '/logo.svg'} sizes={PICTURE_SIZES.cartLine} width={96} height={96} />
      </Link>
      <div className="cart-line-body">
        <h3>
          <Link to={href}>{line.product.name}</Link>
        </h3>
        {!line.available && (
          <p className="unavailable-note" role="note">
            Unavailable: {line.unavailableReason ?? 'this item cannot be ordered now'}
          </p>
        )}
        {details.length > 0 && (
          <dl className="line-details">
            {details.map((d) => (
              <div key={d.label}>
                <dt>{d.label}:</dt> <dd>{d.value}</dd>
              </div>
            ))}
          </dl>
        )}
        {artwork.length > 0 && (
          <ul className="line-artwork" aria-label={`Artwork for ${line.product.name}`}>
            {artwork.map((file, index) => (
              <li key={`${file.url}-${index}`}>
                <a href={file.url} target="_blank" rel="noopener noreferrer">
                  <img src={file.url} alt="" width={48} height={48} loading="lazy" />
                  <span>
                    <span className="line-artwork-label">{file.label}:</span> {file.name}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
        <p className="unit-price">{formatPrice(line.unitPrice)} each</p>
      </div>
      <div className="cart-line-actions">
        <div className="quantity" role="group" aria-label={`Quantity of ${line.product.name}`}>
          <button
            type="button"
            aria-label="Decrease quantity"
            disabled={busy || line.quantity <= 1 || !line.available}
            onClick={() => void change(line.quantity - 1)}
          >
            −
          </button>
          <input
            type="number"
            inputMode="numeric"
            aria-label="Quantity"
            min={0}
            max={stock && stock > 0 ? stock : undefined}
            value={text}
            disabled={busy}
            onChange={(e) => setText(e.target.value)}
            onBlur={commitText}
            onKeyDown={(e) => e.key === 'Enter' && commitText()}
          />
          <button
            type="button"
            aria-label="Increase quantity"
            disabled={busy || !line.available || (stock !== undefined && line.quantity >= stock)}
            onClick={() => void change(line.quantity + 1)}
          >
            +
          </button>
        </div>
        <p className="line-price">{formatPrice(line.linePrice)}</p>
        <button
          type="button"
          className="btn-link"
          disabled={busy}
          onClick={() => void run(() => removeLine(line._id), CART_ERRORS.remove)}
        >
          Remove<span className="visually-hidden"> {line.product.name}</span>
        </button>
      </div>
    </article>
  );
}
