import { useEffect, useState } from 'react';
import { CART_ERRORS } from '../api/cart';
import type { ProductCard } from '../api/types';
import { useCart } from '../cart/CartContext';
import { alertFailure } from '../lib/notify';

export const ADDED_STATE_MS = 1200;

/** A product card's cart button: Add to Cart, then Added for 1.2 s, then Remove from Cart. */
export function CartButton({ product }: { product: ProductCard }) {
  const { addItem, removeLine, findLine } = useCart();
  const line = findLine(product._id);
  const [justAdded, setJustAdded] = useState(false);
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<void>, fallback: string, onDone?: () => void) => {
    setBusy(true);
    try {
      await action();
      onDone?.();
    } catch (error) {
      alertFailure(error, fallback);
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    if (!justAdded) return;
    const timer = window.setTimeout(() => setJustAdded(false), ADDED_STATE_MS);
    return () => window.clearTimeout(timer);
  }, [justAdded]);

  if (product.stock !== undefined && product.stock <= 0 && !line) {
    return (
      <button type="button" className="btn btn-block btn-disabled" disabled>
        Out of Stock
      </button>
    );
  }

  if (justAdded) {
    return (
      <button type="button" className="btn btn-block btn-added" aria-live="polite">
        Added
      </button>
    );
  }

  if (line) {
    return (
      <button
        type="button"
        className="btn btn-block btn-secondary"
        disabled={busy}
        onClick={() => void run(() => removeLine(line._id), CART_ERRORS.remove)}
      >
        Remove from Cart<span className="visually-hidden"> for {product.name}</span>
      </button>
    );
  }

  return (
    <button
      type="button"
      className="btn btn-block btn-primary"
      disabled={busy}
      onClick={() =>
        void run(
          () => addItem(product),
          CART_ERRORS.add,
          () => setJustAdded(true),
        )
      }
    >
      Add to Cart<span className="visually-hidden"> for {product.name}</span>
    </button>
  );
}
