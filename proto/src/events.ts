import type { Brand, PricingOption } from './catalog';
import type { Role } from './envelope';
import type { EndedSession } from './user.types';

/** Domain events: `<entity>.<past-tense>`. A breaking change is a new type (`order.placed.v2`). */
export const EVENTS = {
  userRegistered: 'user.registered',
  userUpdated: 'user.updated',
  userDeactivated: 'user.deactivated',
  userSessionsEnded: 'user.sessions-ended',
  productUpserted: 'product.upserted',
  productDeleted: 'product.deleted',
  catalogReloaded: 'catalog.reloaded',
  stockLow: 'stock.low',
  reviewCreated: 'review.created',
  cartCleared: 'cart.cleared',
  orderPlaced: 'order.placed',
  orderPaid: 'order.paid',
  orderStatusChanged: 'order.status-changed',
  orderCancelled: 'order.cancelled',
  orderExpired: 'order.expired',
  orderRefunded: 'order.refunded',
  invoiceIssued: 'invoice.issued',
  paymentCaptured: 'payment.captured',
  paymentFailed: 'payment.failed',
  paymentRefunded: 'payment.refunded',
  paymentRefundPending: 'payment.refund-pending',
  paymentRefundFailed: 'payment.refund-failed',
  settingsUpdated: 'settings.updated',
} as const;

export type EventType = (typeof EVENTS)[keyof typeof EVENTS];

export interface UserRegisteredEvent {
  userId: string;
  username: string;
  email: string;
  phone: string | null;
  createdAt: string;
  /** Added later: absent from events published before. */
  companyName?: string | null;
  /** The city of the customer's default address. */
  city?: string | null;
  /**
   * Added later: whether the account's e-mail address is verified (Google accounts are). Absent
   * from events published before verification existed: those accounts count as verified.
   */
  emailVerified?: boolean;
}

export interface UserUpdatedEvent {
  userId: string;
  username: string;
  email: string;
  phone: string | null;
  name: string | null;
  profilePic: string | null;
  /** Added later: absent from events published before. */
  companyName?: string | null;
  /** The city of the customer's default address; an address change that moves it publishes user.updated. */
  city?: string | null;
  /** Added later, as in user.registered: verifying the address publishes user.updated. */
  emailVerified?: boolean;
}

/** `user.deactivated`: staff deactivated the account; it can no longer sign in, and its tokens are refused. */
export interface UserDeactivatedEvent {
  userId: string;
  deactivatedAt: string;
}

/**
 * `user.sessions-ended`: a sign-out ended one session of the account, or "Sign out of all devices",
 * a password change or reset, or a deactivation ended all of them; their tokens open no route again.
 */
export interface UserSessionsEndedEvent {
  accountId: string;
  role: Role;
  sessions: EndedSession[];
  endedAt: string;
}

/**
 * What a cart needs to price and show a line, published on every change of a product (price,
 * options, stock, images) and with `deleted: true` when it is removed. `version` grows with each
 * change: a projection ignores an event older than what it holds.
 */
export interface ProductUpsertedEvent {
  productId: string;
  version: number;
  name: string;
  brand: Brand;
  category: string;
  pricePaise: number;
  image: string | null;
  /** Units available to buy. */
  stock: number;
  isCustomizable: boolean;
  allowsImageUpload: boolean;
  availableSizes: string[];
  customizationOptions: PricingOption[];
  deleted: boolean;
  updatedAt: string;
  /** Added later: the product's own low-stock threshold (null: the default). Absent from older events. */
  lowStockThreshold?: number | null;
  /** Added later: when the product was created. Absent from older events. */
  createdAt?: string;
}

/**
 * `catalog.reloaded`: products were written around the catalog's own rules (a generated bench
 * catalog), without a product.upserted each: whoever keeps catalog answers (the gateways) drops them.
 */
export interface CatalogReloadedEvent {
  reloadedAt: string;
}

export interface ProductDeletedEvent {
  productId: string;
  version: number;
  name: string;
  deleted: true;
  deletedAt: string;
}

export interface StockLowEvent {
  productId: string;
  name: string;
  brand: Brand;
  stock: number;
  threshold: number;
  /**
   * Added later: the reorder request auto reorder opened with this crossing (back-office setting
   * autoReorderEnabled), for the low-stock mail; null when auto reorder is off.
   */
  reorder?: { requestId: string; quantity: number } | null;
}

export interface ReviewCreatedEvent {
  reviewId: string;
  productId: string;
  userId: string | null;
  rating: number;
  averageRating: number;
  reviewCount: number;
  createdAt: string;
}
