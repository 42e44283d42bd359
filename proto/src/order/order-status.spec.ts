import { canMoveOrder, isTerminalOrderStatus, nextOrderStatuses, shopperOrderStatus } from './order-status';
import { ORDER_STATUSES, refusedTransitionMessage, type OrderPaymentStatus, type OrderStatus } from './order.constants';
import type { OrderView } from './order.types';

describe('the declared order progression (back-office spec, section 4)', () => {
  it('moves one step at a time: Pending, Processing, Shipped, Delivered', () => {
    expect(canMoveOrder('Pending', 'Processing')).toBe(true);
    expect(canMoveOrder('Processing', 'Shipped')).toBe(true);
    expect(canMoveOrder('Shipped', 'Delivered')).toBe(true);
    expect(canMoveOrder('Pending', 'Shipped')).toBe(false);
    expect(canMoveOrder('Processing', 'Delivered')).toBe(false);
    expect(canMoveOrder('Shipped', 'Processing')).toBe(false);
  });

  it('cancels only an order not yet shipped', () => {
    expect(nextOrderStatuses('Pending')).toContain('Cancelled');
    expect(nextOrderStatuses('Processing')).toContain('Cancelled');
    expect(canMoveOrder('Shipped', 'Cancelled')).toBe(false);
    expect(canMoveOrder('Shipped', 'Cancelled', 'staff')).toBe(false);
  });

  it('cancels a shipped parcel refused at the door, but never a delivered one', () => {
    expect(canMoveOrder('Shipped', 'Cancelled', 'refused')).toBe(true);
    expect(canMoveOrder('Delivered', 'Cancelled', 'refused')).toBe(false);
    expect(canMoveOrder('Cancelled', 'Cancelled', 'refused')).toBe(false);
  });

  it('keeps Delivered and Cancelled terminal, and nothing moves to where it is', () => {
    expect(ORDER_STATUSES.filter(isTerminalOrderStatus)).toEqual(['Delivered', 'Cancelled']);
    for (const status of ORDER_STATUSES) expect(canMoveOrder(status, status)).toBe(false);
  });

  it('explains a refusal in words staff can act on', () => {
    expect(refusedTransitionMessage('Pending', 'Pending')).toBe('The order is already Pending');
    expect(refusedTransitionMessage('Delivered', 'Cancelled')).toBe('A Delivered order cannot be changed');
    expect(refusedTransitionMessage('Pending', 'Delivered')).toBe(
      'An order cannot move from Pending to Delivered',
    );
  });
});

describe("the status a shopper reads (the account area knows Processing, Shipped, Delivered, Cancelled)", () => {
  const order = (orderStatus: OrderStatus, status: OrderPaymentStatus, paymentMethod = 'razorpay') => ({
    orderStatus,
    paymentDetails: { status, paymentMethod } as OrderView['paymentDetails'],
  });

  it('shows a paid order that staff have not processed yet as Processing', () => {
    expect(shopperOrderStatus(order('Pending', 'paid'))).toBe('Processing');
  });

  it('shows a cash-on-delivery order as Processing before it is paid', () => {
    expect(shopperOrderStatus(order('Pending', 'pending', 'cod'))).toBe('Processing');
  });

  it('keeps an order still awaiting its payment Pending', () => {
    expect(shopperOrderStatus(order('Pending', 'pending'))).toBe('Pending');
  });

  it('shows every later status as staff set it', () => {
    for (const status of ['Processing', 'Shipped', 'Delivered', 'Cancelled'] as const)
      expect(shopperOrderStatus(order(status, 'paid'))).toBe(status);
  });
});
