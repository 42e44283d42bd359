import type {
  CustomerDetailView,
  CustomerRowView,
  DashboardComparisonReply,
  DashboardReply,
  OrderView,
} from '@shop/proto';
import type { CustomizationDefinition } from '../api/customizations';
import type { AdminProduct } from '../api/products';
import type { Review } from '../api/reviews';
import { makeOrder, makeProduct, makeReview, uuid } from '@shop/web-kit/test/fixtures';

let seq = 0;
const next = () => ++seq;

export function aProduct(overrides: Partial<AdminProduct> = {}): AdminProduct {
  return {
    ...makeProduct(next()),
    name: 'Printed Lanyard',
    description: 'Polyester lanyard with full-colour print on both sides and a metal hook',
    category: 'Lanyards',
    brand: 'ms',
    price: 45,
    images: ['/uploads/products/lanyard.webp'],
    rating: 0,
    averageRating: 0,
    totalReviews: 0,
    reviewCount: 0,
    stock: 120,
    reservedStock: 0,
    hsnCode: null,
    effectiveHsnCode: '6307',
    tags: ['corporate'],
    ...overrides,
  };
}

export function aCustomization(overrides: Partial<CustomizationDefinition> = {}): CustomizationDefinition {
  return {
    _id: uuid(next()),
    name: 'Gift Wrap',
    type: 'boolean',
    description: 'Wrapped in kraft paper',
    isDefault: false,
    isActive: true,
    priceModifier: { type: 'fixed', operator: '+', value: 50 },
    options: [],
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function aReview(overrides: Partial<Review> = {}): Review {
  return {
    ...makeReview(next()),
    _id: uuid(next()),
    productId: uuid(next()),
    user: { username: 'asha' },
    comment: 'Lovely print quality, arrived on time.',
    createdAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function anOrder(overrides: Partial<OrderView> = {}): OrderView {
  const order = makeOrder(next());
  return {
    ...order,
    products: [
      {
        product: { _id: 'p1', name: 'Photo Mug', brand: 'jaksh', price: 399, images: [] },
        productId: 'p1',
        name: 'Photo Mug',
        image: null,
        quantity: 2,
        price: 399,
        lineTotal: 798,
        customization: {},
      },
    ],
    shippingAddress: { ...order.shippingAddress, city: 'Bengaluru', state: 'Karnataka', pinCode: '560001' },
    paymentDetails: { ...order.paymentDetails, status: 'paid', amount: 848 },
    totalAmount: 848,
    subtotal: 798,
    shipping: 50,
    tax: 0,
    taxRate: 0,
    createdAt: '2025-06-10T09:30:00.000Z',
    updatedAt: '2025-06-10T09:30:00.000Z',
    ...overrides,
  };
}

const MONTH_LABELS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function aDashboard(overrides: Partial<DashboardReply> = {}): DashboardReply {
  const figures = { totalRevenue: 250000, totalOrders: 120, totalProducts: 48, totalCustomers: 75 };
  const previousMonth = { totalRevenue: 200000, totalOrders: 100, totalProducts: 48, totalCustomers: 80 };
  return {
    success: true,
    period: 'current',
    asOf: '2025-06-30T12:00:00.000Z',
    ...figures,
    growth: { totalRevenue: 25, totalOrders: 20, totalProducts: 0, totalCustomers: -6.3 },
    previousMonth,
    pendingOrders: 7,
    orderFulfillment: 82,
    customerSatisfaction: 88,
    inventoryLevel: 64,
    pendingCustomerQueries: 0,
    quickStats: {
      orderFulfillment: 82,
      customerSatisfaction: 88,
      inventoryLevel: 64,
      averageRating: 4.4,
      reviewCount: 31,
    },
    revenueTrend: {
      year: 2025,
      month: 'all',
      years: [2025, 2024],
      points: MONTH_LABELS.map((month, index) => ({
        month,
        monthNumber: index + 1,
        revenue: (index + 1) * 1000,
        orders: index + 1,
      })),
    },
    salesByCategory: [
      { name: 'Lanyards', value: 60, quantity: 300, color: '#3B82F6' },
      { name: 'Labels', value: 40, quantity: 200, color: '#10B981' },
    ],
    recentOrders: [],
    topProduct: { productId: 'p1', name: 'Printed Lanyard', quantity: 300, revenue: 13500 },
    pendingActions: { ordersAwaitingProcessing: 7, lowStockProducts: 3, customerQueriesPending: 0 },
    notes: {
      pendingCustomerQueries:
        'The shop has no customer query inbox yet, so no customer queries can be pending.',
    },
    ...overrides,
  };
}

export function aPreviousMonth(overrides: Partial<DashboardComparisonReply> = {}): DashboardComparisonReply {
  return {
    success: true,
    period: 'previous_month',
    asOf: '2025-06-01T00:00:00.000+05:30',
    totalRevenue: 200000,
    totalOrders: 100,
    totalProducts: 48,
    totalCustomers: 80,
    ...overrides,
  };
}

export function aCustomerRow(overrides: Partial<CustomerRowView> = {}): CustomerRowView {
  return {
    _id: uuid(next()),
    username: 'asha',
    email: 'asha@example.in',
    phone: '9876543210',
    name: 'Asha Rao',
    companyName: 'Rao Prints Pvt Ltd',
    city: 'Bengaluru',
    createdAt: '2024-11-02T10:00:00.000Z',
    isActive: true,
    isAdmin: false,
    totalOrders: 4,
    totalSpent: 12500,
    lastOrderDate: '2025-06-10T09:30:00.000Z',
    type: 'business',
    status: 'active',
    ...overrides,
  };
}

export function aCustomerDetail(overrides: Partial<CustomerDetailView> = {}): CustomerDetailView {
  const row = aCustomerRow();
  return {
    ...row,
    orders: [],
    wishlist: [],
    wishlistCount: 0,
    addresses: [],
    lastLogin: null,
    ...overrides,
  };
}
