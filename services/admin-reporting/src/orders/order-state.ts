import {
  istDay,
  OrderCancelledEvent,
  OrderPaidEvent,
  OrderPaymentStatus,
  OrderPlacedEvent,
  OrderStatus,
  OrderStatusChangedEvent,
  Paise,
  PaymentFailedEvent,
  PaymentRefundReason,
  RefundState,
} from '@shop/proto';

/**
 * What the read model knows of one order. Its events may arrive in any order (the consumer handles
 * several at once), so each one fills in what it carries and the state never depends on arrival:
 * the status is the one set latest, a payment once taken stays taken.
 */
export interface OrderState {
  orderId: string;
  userId: string;
  /** Known from `order.placed`; an order without it is not counted anywhere yet. */
  createdAt: Date | null;
  status: OrderStatus;
  statusAt: Date | null;
  paymentStatus: OrderPaymentStatus;
  paidAt: Date | null;
  totalPaise: Paise;
  hasLines: boolean;
  updatedAt: Date;
}

export interface OrderLine {
  productId: string;
  name: string;
  quantity: number;
  unitPricePaise: Paise;
}

export const emptyOrder = (orderId: string, userId: string, at: Date): OrderState => ({
  orderId,
  userId,
  createdAt: null,
  status: 'Pending',
  statusAt: null,
  paymentStatus: 'pending',
  paidAt: null,
  totalPaise: 0,
  hasLines: false,
  updatedAt: at,
});

/** The same definition as the `is_sale` column: placed, paid and not cancelled. */
export function isSale(s: OrderState): boolean {
  return s.createdAt !== null && s.hasLines && s.paymentStatus === 'paid' && s.status !== 'Cancelled';
}

const later = (a: Date, b: Date) => (a > b ? a : b);

/** A status set at `at` replaces the one held only if that one was set earlier. */
function withStatus(s: OrderState, status: OrderStatus, at: Date): OrderState {
  if (s.statusAt && s.statusAt > at) return s;
  return { ...s, status, statusAt: at };
}

export function onPlaced(s: OrderState, e: OrderPlacedEvent, occurredAt: Date): OrderState {
  const createdAt = new Date(e.createdAt);
  const placed = { ...s, createdAt, totalPaise: e.totalPaise, hasLines: true, updatedAt: later(s.updatedAt, occurredAt) };
  return placed.statusAt ? placed : { ...placed, statusAt: createdAt };
}

/** A cancelled order whose money is being, or was, given back: a refund state, only ever moving forward. */
const REFUND_RANK: Partial<Record<OrderPaymentStatus, number>> = { refund_pending: 1, refund_failed: 2, refunded: 3 };
const AFTER_REFUND: Record<RefundState, OrderPaymentStatus> = {
  pending: 'refund_pending',
  processed: 'refunded',
  failed: 'refund_failed',
};

export function onPaid(s: OrderState, e: OrderPaidEvent, occurredAt: Date): OrderState {
  return {
    ...s,
    paymentStatus: REFUND_RANK[s.paymentStatus] ? s.paymentStatus : 'paid',
    paidAt: new Date(e.paidAt),
    totalPaise: e.totalPaise,
    hasLines: true,
    updatedAt: later(s.updatedAt, occurredAt),
  };
}

export function onStatusChanged(s: OrderState, e: OrderStatusChangedEvent, occurredAt: Date): OrderState {
  return { ...withStatus(s, e.to, new Date(e.at)), updatedAt: later(s.updatedAt, occurredAt) };
}

/**
 * `order.cancelled` and `order.expired`: an unpaid order's payment is closed as the order service
 * closes it; a paid order's money is owed back (`refund_pending`) until its refund moves on.
 */
export function onCancelled(s: OrderState, e: OrderCancelledEvent, expired: boolean, occurredAt: Date): OrderState {
  const cancelled = withStatus(s, 'Cancelled', new Date(e.cancelledAt));
  const paymentStatus: OrderPaymentStatus = REFUND_RANK[s.paymentStatus]
    ? s.paymentStatus
    : s.paymentStatus === 'paid' || e.paid
      ? 'refund_pending'
      : expired || e.reason === 'expired'
        ? 'expired'
        : 'cancelled';
  return { ...cancelled, paymentStatus, hasLines: true, updatedAt: later(s.updatedAt, occurredAt) };
}

/**
 * The refund of one of the order's payments moved. A refunded duplicate leaves the order paid by its
 * first payment; otherwise the order is cancelled and its payment status becomes the refund's, as
 * the order service records it.
 */
export function onRefund(s: OrderState, reason: PaymentRefundReason, state: RefundState, occurredAt: Date): OrderState {
  const next = AFTER_REFUND[state];
  if (reason === 'duplicate' || (REFUND_RANK[s.paymentStatus] ?? 0) >= REFUND_RANK[next]!) return s;
  return { ...s, paymentStatus: next, updatedAt: later(s.updatedAt, occurredAt) };
}

/** A failed attempt marks only an order still waiting for its money (the order service does the same). */
export function onPaymentFailed(s: OrderState, _e: PaymentFailedEvent, occurredAt: Date): OrderState {
  if (s.paymentStatus !== 'pending') return s;
  return { ...s, paymentStatus: 'failed', updatedAt: later(s.updatedAt, occurredAt) };
}

/** What one order adds to the aggregates; the aggregates are the sums of these over every order. */
export interface Contribution {
  daily: { day: string; orders: number; sales: number; revenuePaise: number; pending: number; delivered: number; cancelled: number } | null;
  customer: { userId: string; orders: number; spentPaise: number; lastOrderAt: Date } | null;
  /** Per product: units and revenue (quantity times unit price). */
  products: Map<string, { name: string; quantity: number; revenuePaise: number }>;
}

export function contribution(s: OrderState, lines: readonly OrderLine[]): Contribution {
  const products = new Map<string, { name: string; quantity: number; revenuePaise: number }>();
  if (!s.createdAt) return { daily: null, customer: null, products };
  const sale = isSale(s);
  if (sale) {
    for (const line of lines) {
      const entry = products.get(line.productId) ?? { name: line.name, quantity: 0, revenuePaise: 0 };
      entry.quantity += line.quantity;
      entry.revenuePaise += line.quantity * line.unitPricePaise;
      products.set(line.productId, entry);
    }
  }
  return {
    daily: {
      day: istDay(s.createdAt),
      orders: 1,
      sales: sale ? 1 : 0,
      revenuePaise: sale ? s.totalPaise : 0,
      pending: s.status === 'Pending' ? 1 : 0,
      delivered: s.status === 'Delivered' ? 1 : 0,
      cancelled: s.status === 'Cancelled' ? 1 : 0,
    },
    customer: { userId: s.userId, orders: 1, spentPaise: sale ? s.totalPaise : 0, lastOrderAt: s.createdAt },
    products,
  };
}
