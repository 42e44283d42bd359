import { CASH_ON_DELIVERY, type CancelReason, type OrderStatus } from './order.constants';
import type { OrderView } from './order.types';

/**
 * The declared progression (back-office spec, section 4): Pending, Processing, Shipped, Delivered,
 * one step at a time. An order not yet shipped may be cancelled; Delivered and Cancelled are terminal.
 */
const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  Pending: ['Processing', 'Cancelled'],
  Processing: ['Shipped', 'Cancelled'],
  Shipped: ['Delivered'],
  Delivered: [],
  Cancelled: [],
};

/**
 * Whether an order may move so. Besides the progression, a Shipped cash-on-delivery parcel the buyer
 * refused at the door comes back cancelled (`refused`, which staff record as the outcome).
 */
export function canMoveOrder(from: OrderStatus, to: OrderStatus, reason?: CancelReason): boolean {
  return NEXT[from].includes(to) || (from === 'Shipped' && to === 'Cancelled' && reason === 'refused');
}

export function nextOrderStatuses(from: OrderStatus): readonly OrderStatus[] {
  return NEXT[from];
}

export function isTerminalOrderStatus(status: OrderStatus): boolean {
  return NEXT[status].length === 0;
}

/**
 * The status a shopper reads (storefront spec: the account area knows Processing, Shipped, Delivered
 * and Cancelled). Staff keep Pending as the back office's queue of orders nobody has processed yet;
 * to the shopper whose order is paid, or placed for cash on delivery, it is already being processed.
 * An order still awaiting its payment stays Pending.
 */
export function shopperOrderStatus(order: Pick<OrderView, 'orderStatus' | 'paymentDetails'>): OrderStatus {
  const { status, paymentMethod } = order.paymentDetails;
  const committed = status === 'paid' || paymentMethod === CASH_ON_DELIVERY;
  return order.orderStatus === 'Pending' && committed ? 'Processing' : order.orderStatus;
}

/** An order as its shopper reads it: the same view, with the shopper's status. */
export function asShopperSees(order: OrderView): OrderView {
  const orderStatus = shopperOrderStatus(order);
  return orderStatus === order.orderStatus ? order : { ...order, orderStatus };
}
