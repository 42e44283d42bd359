import {
  cartShipping,
  customizationKey,
  isBulkOrder,
  priceLine,
  pricingOptionsOf,
  SEEDED_SETTINGS,
  toPaise,
  toRupees,
  type CartProductView,
} from '@shop/proto';

/**
 * What a cart line keeps of its product: enough to show and price it without a request. The
 * server cart's product has the same fields; `customizations` names and prices the options.
 */
export type CartProduct = Pick<CartProductView, '_id' | 'name' | 'price'> &
  Partial<Omit<CartProductView, '_id' | 'name' | 'price'>>;

export type Customization = Record<string, unknown>;

export interface CartLine {
  _id: string;
  productId: string;
  product: CartProduct;
  quantity: number;
  customization: Customization;
  addedAt: string;
}

export const INVALID_PRODUCT = 'Invalid product';

/**
 * A line is identified by product id plus an identical customization object (spec, section 4),
 * judged as the server judges it: key order and blank fields do not make two customizations differ.
 */
export function sameLine(
  line: Pick<CartLine, 'productId' | 'customization'>,
  productId: string,
  customization: Customization,
): boolean {
  return (
    line.productId === productId && customizationKey(line.customization) === customizationKey(customization)
  );
}

/** Accepts a product id as a string or as an object with `_id`, as the spec's add-to-cart rule. */
export function productIdOf(product: unknown): string | null {
  if (typeof product === 'string' && product.trim()) return product;
  if (product && typeof product === 'object') {
    const id = (product as { _id?: unknown })._id;
    if (typeof id === 'string' && id.trim()) return id;
  }
  return null;
}

/** Lines lacking a product with an id are dropped on load (storefront spec, section 4). */
export function readGuestCart(raw: string | null): CartLine[] {
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed
    .filter((line): line is CartLine => Boolean(productIdOf((line as CartLine | null)?.product)))
    .map((line) => ({
      ...line,
      productId: line.product._id,
      quantity: Math.max(1, Math.floor(Number(line.quantity) || 1)),
      customization: line.customization && typeof line.customization === 'object' ? line.customization : {},
    }));
}

export function addToLines(
  lines: CartLine[],
  product: CartProduct,
  quantity: number,
  customization: Customization,
  now: Date,
  newId: () => string,
): CartLine[] {
  const existing = lines.find((line) => sameLine(line, product._id, customization));
  if (existing) {
    return lines.map((line) => (line === existing ? { ...line, quantity: line.quantity + quantity } : line));
  }
  const line: CartLine = {
    _id: newId(),
    productId: product._id,
    product,
    quantity,
    customization,
    addedAt: now.toISOString(),
  };
  return [...lines, line];
}

/** Setting a quantity to zero or below removes the line. */
export function setLineQuantity(lines: CartLine[], lineId: string, quantity: number): CartLine[] {
  if (quantity <= 0) return lines.filter((line) => line._id !== lineId);
  return lines.map((line) => (line._id === lineId ? { ...line, quantity } : line));
}

export function itemCount(lines: CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** A line as the cart screens show it, whether the browser or the server keeps the cart. */
export interface CartLineView extends CartLine {
  /** One unit with the customization's modifiers, rupees. */
  unitPrice: number;
  linePrice: number;
  available: boolean;
  unavailableReason: string | null;
}

export interface CartTotals {
  subtotal: number;
  shipping: number;
  total: number;
  bulkOrder: boolean;
}

/**
 * The visitor's free-shipping rule. Without a session no server route tells it, so the cart shows
 * the figure the shop is seeded with (free over 1000, else 99: storefront spec, section 9).
 */
export const GUEST_SHIPPING_RULE = {
  freeShippingThreshold: SEEDED_SETTINGS.freeShippingThreshold,
  standardShippingCost: SEEDED_SETTINGS.standardShippingCost,
} as const;

/** Base price plus or minus the chosen options' modifiers, by the shared pricing function. */
export function unitPriceOf(product: CartProduct, customization: Customization): number {
  const options = pricingOptionsOf({ customizationOptions: product.customizations ?? [] });
  return toRupees(priceLine(toPaise(product.price), options, customization));
}

export function guestLineView(line: CartLine): CartLineView {
  const unitPrice = unitPriceOf(line.product, line.customization);
  return {
    ...line,
    unitPrice,
    linePrice: toRupees(toPaise(unitPrice) * line.quantity),
    available: true,
    unavailableReason: null,
  };
}

export function guestTotals(lines: CartLineView[]): CartTotals {
  const subtotalPaise = lines.reduce((sum, line) => sum + toPaise(line.linePrice), 0);
  const shippingPaise = cartShipping(subtotalPaise, lines.length > 0, {
    freeShippingThresholdPaise: toPaise(GUEST_SHIPPING_RULE.freeShippingThreshold),
    standardShippingPaise: toPaise(GUEST_SHIPPING_RULE.standardShippingCost),
  });
  return {
    subtotal: toRupees(subtotalPaise),
    shipping: toRupees(shippingPaise),
    total: toRupees(subtotalPaise + shippingPaise),
    bulkOrder: isBulkOrder(lines.map((line) => line.quantity)),
  };
}
