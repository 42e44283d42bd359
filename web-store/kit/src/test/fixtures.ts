import type { OrderView, ProductView, ReviewView } from '@shop/proto';

/**
 * The catalog's and the orders' shapes as the gateway answers them, with every field the contracts
 * require. Each app's own fixtures set the values its screens are read by.
 */

/** Ids shaped like the server's UUIDs, readable in test output. */
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function makeProduct(n: number, overrides: Partial<ProductView> = {}): ProductView {
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
