import {
  CUSTOMIZATION_UPLOAD_FIELD,
  type CartMergeReply,
  type CartPromoReply,
  type CartReply,
  type CartView,
  type CustomizationUploadReply,
} from '@shop/proto';
import { api, failureMessage, isApiFailure, type ApiFailure } from './client';

/** Default texts when a cart call fails without the server's own (storefront spec, section 8). */
export const CART_ERRORS = {
  load: 'Failed to load cart',
  add: 'Failed to add item to cart',
  remove: 'Failed to remove item from cart',
  quantity: 'Failed to update quantity',
  clear: 'Failed to clear cart',
  sync: 'Failed to sync cart',
  promo: 'Invalid promo code',
} as const;

export interface CartLineInput {
  productId: string;
  quantity: number;
  customization: Record<string, unknown>;
}

/** Rejects with the client's failure, its message defaulted to the screen's text. */
async function withDefault<T>(call: Promise<T>, fallback: string): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (!isApiFailure(error)) throw error;
    const failure: ApiFailure = { ...error, message: failureMessage(error, fallback) };
    throw failure;
  }
}

const cartOf = ({ data }: { data: CartReply }) => data.cart;

export function fetchCart(signal?: AbortSignal): Promise<CartView> {
  return withDefault(api.get<CartReply>('/cart', { signal }).then(cartOf), CART_ERRORS.load);
}

export function addCartLine(line: CartLineInput): Promise<CartView> {
  return withDefault(api.post<CartReply>('/cart', line).then(cartOf), CART_ERRORS.add);
}

/** Zero or below removes the line (storefront spec, section 4). */
export function setCartLineQuantity(itemId: string, quantity: number): Promise<CartView> {
  return withDefault(
    api.put<CartReply>(`/cart/${encodeURIComponent(itemId)}`, { quantity }).then(cartOf),
    CART_ERRORS.quantity,
  );
}

export function removeCartLine(itemId: string): Promise<CartView> {
  return withDefault(
    api.delete<CartReply>(`/cart/${encodeURIComponent(itemId)}`).then(cartOf),
    CART_ERRORS.remove,
  );
}

export function clearCart(): Promise<CartView> {
  return withDefault(api.delete<CartReply>('/cart').then(cartOf), CART_ERRORS.clear);
}

/** The guest cart kept in the browser, merged into the customer's in one call after login. */
export async function mergeCart(items: CartLineInput[]): Promise<CartMergeReply> {
  const { data } = await withDefault(api.post<CartMergeReply>('/cart/merge', { items }), CART_ERRORS.sync);
  return data;
}

/**
 * What a promo code (SAVE10, BULK20) takes off the cart now; the server checks the code. A
 * customer's cart is the server's; a visitor's guest cart goes along to be priced there.
 */
export async function previewPromo(code: string, guestItems?: CartLineInput[]): Promise<CartPromoReply> {
  const { data } = await withDefault(
    api.post<CartPromoReply>('/cart/promo', guestItems ? { code, items: guestItems } : { code }),
    CART_ERRORS.promo,
  );
  return data;
}

/** Stores an image for a customization; the answer is what the line's customization keeps. */
export async function uploadCustomizationFile(file: File): Promise<CustomizationUploadReply> {
  const form = new FormData();
  form.append(CUSTOMIZATION_UPLOAD_FIELD, file, file.name);
  // Multipart keeps axios from turning the form into JSON; the browser adds the boundary.
  const { data } = await api.post<CustomizationUploadReply>('/cart/uploads', form, {
    headers: { 'Content-Type': 'multipart/form-data' },
  });
  return data;
}
