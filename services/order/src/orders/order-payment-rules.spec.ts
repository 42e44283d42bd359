import type { OrderPaymentStatus, OrderStatus } from '@shop/proto';
import { captureEffect, paymentStatusAfterRefund } from './order-payment-rules';

const order = (status: OrderStatus, paymentStatus: OrderPaymentStatus, totalPaise = 118_000) => ({
  status,
  paymentStatus,
  totalPaise,
});

describe('what a captured payment does to its order', () => {
  it('pays an open unpaid order of its amount, also after a failed attempt', () => {
    expect(captureEffect(order('Pending', 'pending'), 118_000)).toBe('pays');
    expect(captureEffect(order('Pending', 'failed'), 118_000)).toBe('pays');
  });

  it('leaves an order paid already as it is, whatever its status', () => {
    expect(captureEffect(order('Processing', 'paid'), 118_000)).toBe('already_paid');
    expect(captureEffect(order('Cancelled', 'paid'), 118_000)).toBe('already_paid');
  });

  it('records a payment for a cancelled or expired order without making it a sale', () => {
    expect(captureEffect(order('Cancelled', 'expired'), 118_000)).toBe('after_close');
    expect(captureEffect(order('Cancelled', 'cancelled'), 118_000)).toBe('after_close');
  });

  it('keeps an order refunded when the refund of its late payment arrived before the capture', () => {
    expect(captureEffect(order('Cancelled', 'refunded'), 118_000)).toBe('refunded_already');
  });

  it('does not take a payment of another amount as the order’s, open or cancelled', () => {
    expect(captureEffect(order('Pending', 'pending'), 117_999)).toBe('wrong_amount');
    expect(captureEffect(order('Cancelled', 'expired'), 117_999)).toBe('wrong_amount');
  });
});

describe('the payment status after a refund', () => {
  it('keeps an order paid when the refunded payment was a duplicate', () => {
    expect(paymentStatusAfterRefund(order('Pending', 'paid'), 'duplicate')).toBe('paid');
    expect(paymentStatusAfterRefund(order('Shipped', 'paid'), 'duplicate')).toBe('paid');
  });

  it('leaves a duplicate refunded for a cancelled order without touching its payment status', () => {
    expect(paymentStatusAfterRefund(order('Cancelled', 'expired'), 'duplicate')).toBe('expired');
    expect(paymentStatusAfterRefund(order('Cancelled', 'refunded'), 'duplicate')).toBe('refunded');
  });

  it('marks a cancelled or expired order refunded when its late payment was given back', () => {
    expect(paymentStatusAfterRefund(order('Cancelled', 'expired'), 'order_closed')).toBe('refunded');
    expect(paymentStatusAfterRefund(order('Cancelled', 'cancelled'), 'order_closed')).toBe('refunded');
    expect(paymentStatusAfterRefund(order('Cancelled', 'paid'), 'order_closed')).toBe('refunded');
    expect(paymentStatusAfterRefund(order('Cancelled', 'refunded'), 'order_closed')).toBe('refunded');
  });

  it('does not mark an order that is still open refunded', () => {
    expect(paymentStatusAfterRefund(order('Pending', 'pending'), 'order_closed')).toBe('pending');
  });
});
