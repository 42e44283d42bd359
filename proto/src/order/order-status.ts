import type { OrderStatus } from './order.constants';

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

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return NEXT[from].includes(to);
}

export function nextOrderStatuses(from: OrderStatus): readonly OrderStatus[] {
  return NEXT[from];
}

export function isTerminalOrderStatus(status: OrderStatus): boolean {
  return NEXT[status].length === 0;
}
