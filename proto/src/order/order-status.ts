import type { CancelReason, OrderStatus } from './order.constants';

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
