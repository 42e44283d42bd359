import type { Paise } from '../money';
import type { OrderStatus } from './order.constants';

/** A line as order events carry it: what the catalog needs to commit or release stock. */
export interface OrderEventLine {
  productId: string;
  quantity: number;
  unitPricePaise: Paise;
  name: string;
}

/** `order.placed`: stock is reserved and the order waits for its payment. */
export interface OrderPlacedEvent {
  orderId: string;
  userId: string;
  totalPaise: Paise;
  subtotalPaise: Paise;
  discountPaise: Paise;
  shippingPaise: Paise;
  taxPaise: Paise;
  coupon: string | null;
  currency: 'INR';
  lines: OrderEventLine[];
  /** When an unpaid order expires. */
  expiresAt: string;
  createdAt: string;
}

/** `order.paid`: the catalog commits the reserved stock; the cart is cleared. Published once per order. */
export interface OrderPaidEvent {
  orderId: string;
  userId: string;
  totalPaise: Paise;
  lines: OrderEventLine[];
  paymentId: string;
  paidAt: string;
}

/**
 * `order.cancelled` and `order.expired`: the catalog releases the order's reservation. `paid` says
 * whether money was taken: the payment service then refunds the payment (reason `cancelled`).
 */
export interface OrderCancelledEvent {
  orderId: string;
  userId: string;
  lines: OrderEventLine[];
  reason: string;
  paid: boolean;
  cancelledAt: string;
}

export type OrderExpiredEvent = OrderCancelledEvent;

/** `order.status-changed`: every move of an order's status, as recorded in its history. */
export interface OrderStatusChangedEvent {
  orderId: string;
  userId: string;
  from: OrderStatus;
  to: OrderStatus;
  at: string;
  trackingNumber: string | null;
}
