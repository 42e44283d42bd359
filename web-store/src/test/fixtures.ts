import { SEEDED_SETTINGS, storefrontSettingsOf, type StorefrontSettings } from '@shop/proto';
import type { CartItemView, CartView } from '@shop/proto';
import { makeProduct, uuid } from '@shop/web-kit/test/fixtures';
import type { User } from '../api/auth';

export { makeOrder, makeProduct, makeReview, uuid } from '@shop/web-kit/test/fixtures';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    _id: uuid(900),
    id: uuid(900),
    username: 'asha',
    email: 'asha@example.in',
    phone: '9876543210',
    name: 'Asha Rao',
    profilePic: null,
    companyName: null,
    wishlist: [],
    addresses: [],
    lastLogin: null,
    createdAt: '2025-01-01T00:00:00Z',
    emailVerified: true,
    ...overrides,
  };
}

/** `GET /settings/public` answering the seeded shop's figures, with any overrides. */
export function publicSettings(overrides: Partial<StorefrontSettings> = {}) {
  const settings = { ...storefrontSettingsOf(SEEDED_SETTINGS), ...overrides };
  return { 'GET /settings/public': () => ({ data: { success: true, settings } }) };
}

/** Signs the shopper in for a test: a stored token and the `GET /auth/me` answer for it. */
export function signedIn(user: User = makeUser()) {
  localStorage.setItem('token', 'jwt-test');
  return { 'GET /auth/me': () => ({ data: { success: true, user } }) };
}

export function makeCartItem(n: number, overrides: Partial<CartItemView> = {}): CartItemView {
  const product = makeProduct(n);
  return {
    _id: `line-${n}`,
    productId: product._id,
    product: {
      _id: product._id,
      name: product.name,
      price: product.price,
      brand: product.brand,
      images: product.images,
      stock: product.stock,
      allowsImageUpload: false,
      availableSizes: [],
      customizations: [],
    },
    quantity: 1,
    addedAt: '2025-03-01T00:00:00Z',
    customization: {},
    unitPrice: product.price,
    linePrice: product.price,
    available: true,
    unavailableReason: null,
    ...overrides,
  };
}

export function makeCart(items: CartItemView[], overrides: Partial<CartView> = {}): CartView {
  const available = items.filter((i) => i.available);
  const subtotal = available.reduce((sum, i) => sum + i.linePrice, 0);
  const shipping = available.length === 0 || subtotal > 1000 ? 0 : 99;
  return {
    items,
    subtotal,
    itemCount: items.reduce((sum, i) => sum + i.quantity, 0),
    bulkOrder: false,
    shipping,
    total: subtotal + shipping,
    ...overrides,
  };
}
