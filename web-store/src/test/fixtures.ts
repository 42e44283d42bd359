import { SEEDED_SETTINGS, storefrontSettingsOf, type StorefrontSettings } from '@shop/proto';
import type { CartItemView, CartView, OrderView, ReviewView } from '@shop/proto';
import type { User } from '../api/auth';
import type { Product } from '../api/types';

/** Ids shaped like the server's UUIDs, readable in test output. */
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function makeProduct(n: number, overrides: Partial<Product> = {}): Product {
  return {
    _id: uuid(n),
    name: `Product ${n}`,
    description: `About product ${n}.`,
    category: 'Stationery',
    brand: 'jaksh',
    price: 500,
    originalPrice: null,
    images: [`/uploads/p${n}.webp`],
    rating: 4,
    averageRating: 4,
    totalReviews: 2,
    reviewCount: 2,
    stock: 50,
    sku: null,
    weight: null,
    dimensions: null,
    tags: [],
    isNew: false,
    isBestSeller: false,
    isCustomizable: false,
    allowsImageUpload: false,
    availableSizes: [],
    turnaroundTime: null,
    lowStockThreshold: null,
    customizationOptions: [],
    customizations: [],
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T00:00:00Z',
    ...overrides,
  };
}

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

export function makeReview(n: number, overrides: Partial<ReviewView> = {}): ReviewView {
  return {
    _id: uuid(500 + n),
    productId: uuid(1),
    user: { username: `reviewer${n}` },
    rating: 4,
    comment: `Review number ${n} is here.`,
    pros: [],
    cons: [],
    helpfulCount: 0,
    votedHelpful: false,
    createdAt: '2025-02-01T10:00:00Z',
    ...overrides,
  };
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

export function makeOrder(n: number, overrides: Partial<OrderView> = {}): OrderView {
  const product = makeProduct(n);
  return {
    _id: uuid(700 + n),
    user: { _id: uuid(900), username: 'asha', email: 'asha@example.in' },
    products: [
      {
        product: {
          _id: product._id,
          name: product.name,
          brand: product.brand,
          price: 500,
          images: product.images,
        },
        productId: product._id,
        name: product.name,
        image: product.images[0],
        quantity: 2,
        price: 500,
        lineTotal: 1000,
        customization: {},
      },
    ],
    shippingAddress: {
      fullName: 'Asha Rao',
      name: 'Asha Rao',
      phone: '9876543210',
      email: 'asha@example.in',
      street: '12 MG Road',
      city: 'Pune',
      state: 'Maharashtra',
      pinCode: '411001',
      country: 'India',
    },
    paymentDetails: {
      status: 'pending',
      amount: 1180,
      currency: 'INR',
      razorpayOrderId: null,
      paymentMethod: 'razorpay',
      paymentId: null,
      paidAt: null,
    },
    orderStatus: 'Pending',
    totalAmount: 1180,
    subtotal: 1000,
    shipping: 0,
    tax: 180,
    taxRate: 18,
    discountAmount: 0,
    coupon: null,
    trackingNumber: null,
    statusHistory: [],
    estimatedDelivery: null,
    cancelReason: null,
    shippingMethod: 'standard',
    gstin: null,
    companyName: null,
    documents: [],
    createdAt: '2025-03-02T09:00:00Z',
    updatedAt: '2025-03-03T09:00:00Z',
    ...overrides,
  };
}
