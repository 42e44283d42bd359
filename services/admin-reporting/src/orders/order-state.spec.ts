import type { OrderCancelledEvent, OrderPaidEvent, OrderPlacedEvent, OrderStatusChangedEvent } from '@shop/proto';
import { contribution, emptyOrder, isSale, onCancelled, onPaid, onPaymentFailed, onPlaced, onRefund, onStatusChanged, OrderLine, OrderState } from './order-state';

const at = (minutes: number) => new Date(Date.UTC(2025, 5, 10, 6, 30 + minutes));
const lines = [{ productId: 'p1', name: 'Lanyard', quantity: 3, unitPricePaise: 10_000 }];
const placed: OrderPlacedEvent = {
  orderId: 'o1',
  userId: 'u1',
  totalPaise: 30_000,
  subtotalPaise: 30_000,
  discountPaise: 0,
  shippingPaise: 0,
  taxPaise: 0,
  coupon: null,
  currency: 'INR',
  lines,
  expiresAt: at(30).toISOString(),
  createdAt: at(0).toISOString(),
};
const paid: OrderPaidEvent = { orderId: 'o1', userId: 'u1', totalPaise: 30_000, lines, paymentId: 'pay_1', paidAt: at(1).toISOString() };
const moved = (to: OrderStatusChangedEvent['to'], minutes: number): OrderStatusChangedEvent => ({
  orderId: 'o1',
  userId: 'u1',
  from: 'Pending',
  to,
  at: at(minutes).toISOString(),
  trackingNumber: null,
});
const cancelled = (paidBefore: boolean, reason: string): OrderCancelledEvent => ({
  orderId: 'o1',
  userId: 'u1',
  lines,
  reason,
  paid: paidBefore,
  cancelledAt: at(5).toISOString(),
});

type Step = (s: OrderState) => OrderState;
const apply = (steps: Step[]) => steps.reduce((s, step) => step(s), emptyOrder('o1', 'u1', at(0)));
const comparable = (s: OrderState) => ({ ...s, updatedAt: undefined });

describe('order read model state', () => {
  it('is a sale once placed and paid, whichever event comes first', () => {
    const inOrder = apply([(s) => onPlaced(s, placed, at(0)), (s) => onPaid(s, paid, at(1))]);
    const reversed = apply([(s) => onPaid(s, paid, at(1)), (s) => onPlaced(s, placed, at(0))]);
    expect(isSale(inOrder)).toBe(true);
    expect(comparable(reversed)).toEqual(comparable(inOrder));
  });

  it('keeps the status set latest, whatever order the moves arrive in', () => {
    const steps: Step[] = [(s) => onPlaced(s, placed, at(0)), (s) => onStatusChanged(s, moved('Processing', 2), at(2)), (s) => onStatusChanged(s, moved('Shipped', 3), at(3))];
    expect(apply(steps).status).toBe('Shipped');
    expect(apply([steps[0], steps[2], steps[1]]).status).toBe('Shipped');
  });

  it('is not a sale once cancelled, even when paid', () => {
    const s = apply([(x) => onPlaced(x, placed, at(0)), (x) => onPaid(x, paid, at(1)), (x) => onCancelled(x, cancelled(true, 'staff'), false, at(5))]);
    expect(s).toMatchObject({ status: 'Cancelled', paymentStatus: 'refund_pending' });
    expect(isSale(s)).toBe(false);
  });

  it('follows the refund of a paid order staff cancelled, only forward, and never makes it a sale again', () => {
    const cancelledPaid: Step[] = [(x) => onPlaced(x, placed, at(0)), (x) => onPaid(x, paid, at(1)), (x) => onCancelled(x, cancelled(true, 'staff'), false, at(5))];
    const refunded = apply([...cancelledPaid, (x) => onRefund(x, 'cancelled', 'processed', at(7))]);
    expect(refunded.paymentStatus).toBe('refunded');
    expect(apply([...cancelledPaid, (x) => onRefund(x, 'cancelled', 'failed', at(7))]).paymentStatus).toBe('refund_failed');
    // A late pending after the money went back, and a paid event replayed, change nothing.
    const late = apply([...cancelledPaid, (x) => onRefund(x, 'cancelled', 'processed', at(7)), (x) => onRefund(x, 'cancelled', 'pending', at(8)), (x) => onPaid(x, paid, at(9))]);
    expect(late.paymentStatus).toBe('refunded');
    expect(isSale(late)).toBe(false);
    expect(contribution(late, lines).daily).toMatchObject({ sales: 0, revenuePaise: 0 });
  });

  describe('cash on delivery', () => {
    const codPlaced: OrderPlacedEvent = { ...placed, expiresAt: null, paymentMethod: 'cod', shippingMethod: 'standard' };
    const collected: OrderPaidEvent = { ...paid, paymentId: 'cod_o1', paymentMethod: 'cod', paidAt: at(60).toISOString() };

    it('is no sale while it waits for the courier', () => {
      const s = apply([(x) => onPlaced(x, codPlaced, at(0)), (x) => onStatusChanged(x, moved('Shipped', 30), at(30))]);
      expect(s).toMatchObject({ status: 'Shipped', paymentStatus: 'pending' });
      expect(isSale(s)).toBe(false);
      expect(contribution(s, lines).daily).toMatchObject({ orders: 1, sales: 0, revenuePaise: 0 });
    });

    it('is a sale once staff record it paid at the door, counted on the day it was placed', () => {
      const s = apply([
        (x) => onPlaced(x, codPlaced, at(0)),
        (x) => onStatusChanged(x, moved('Shipped', 30), at(30)),
        (x) => onPaid(x, collected, at(60)),
        (x) => onStatusChanged(x, moved('Delivered', 60), at(60)),
      ]);
      expect(s).toMatchObject({ status: 'Delivered', paymentStatus: 'paid' });
      expect(contribution(s, lines).daily).toMatchObject({ sales: 1, revenuePaise: 30_000, delivered: 1 });
    });

    it('is never a sale once refused at the door', () => {
      const refused = { ...cancelled(false, 'refused'), cancelledAt: at(60).toISOString() };
      const s = apply([(x) => onPlaced(x, codPlaced, at(0)), (x) => onCancelled(x, refused, false, at(60))]);
      expect(s).toMatchObject({ status: 'Cancelled', paymentStatus: 'cancelled' });
      expect(contribution(s, lines).daily).toMatchObject({ sales: 0, revenuePaise: 0, cancelled: 1 });
    });
  });

  it('leaves an order paid by its first payment when a duplicate is refunded', () => {
    const s = apply([(x) => onPlaced(x, placed, at(0)), (x) => onPaid(x, paid, at(1)), (x) => onRefund(x, 'duplicate', 'processed', at(3))]);
    expect(s.paymentStatus).toBe('paid');
    expect(isSale(s)).toBe(true);
  });

  it('closes the payment of an order that expired unpaid', () => {
    const s = apply([(x) => onPlaced(x, placed, at(0)), (x) => onPaymentFailed(x, { orderId: 'o1', providerOrderId: 'order_1', reason: 'Payment failed' }, at(2)), (x) => onCancelled(x, cancelled(false, 'expired'), true, at(5))]);
    expect(s).toMatchObject({ status: 'Cancelled', paymentStatus: 'expired' });
  });

  it('never marks a paid order failed', () => {
    const s = apply([(x) => onPaid(x, paid, at(1)), (x) => onPaymentFailed(x, { orderId: 'o1', providerOrderId: 'order_1', reason: 'late' }, at(2))]);
    expect(s.paymentStatus).toBe('paid');
  });
});

describe('what an order adds to the aggregates', () => {
  const held: OrderLine[] = lines;

  it('counts a placed order on its IST day, and its revenue and items only when it is a sale', () => {
    const pending = apply([(s) => onPlaced(s, placed, at(0))]);
    expect(contribution(pending, held)).toMatchObject({
      daily: { day: '2025-06-10', orders: 1, sales: 0, revenuePaise: 0, pending: 1 },
      customer: { userId: 'u1', orders: 1, spentPaise: 0 },
    });
    expect(contribution(pending, held).products.size).toBe(0);
    const sale = onPaid(pending, paid, at(1));
    expect(contribution(sale, held).daily).toMatchObject({ sales: 1, revenuePaise: 30_000 });
    expect(contribution(sale, held).products.get('p1')).toEqual({ name: 'Lanyard', quantity: 3, revenuePaise: 30_000 });
  });

  it('adds nothing for an order not placed yet', () => {
    const early = apply([(s) => onPaid(s, paid, at(1))]);
    expect(contribution(early, held)).toEqual({ daily: null, customer: null, products: new Map() });
  });
});
