import type { OrderPaymentStatus, OrderStatus } from '@shop/proto';
import { captureEffect, paymentStatusAfterRefund, refundMovesForward } from './order-payment-rules';

const order = (
  status: OrderStatus,
  paymentStatus: OrderPaymentStatus,
  totalPaise = 118_000,
  paymentId: string | null = null,
) => ({ status, paymentStatus, totalPaise, paymentId });

describe('what a captured payment does to its order', () => {
  it('pays an open unpaid order of its amount, also after a failed attempt', () => {
    expect(captureEffect(order('Pending', 'pending'), 'pay_B', 118_000)).toBe('pays');
    expect(captureEffect(order('Pending', 'failed'), 'pay_B', 118_000)).toBe('pays');
  });

  it('leaves an order paid already as it is, whatever its status', () => {
    expect(captureEffect(order('Processing', 'paid'), 'pay_B', 118_000)).toBe('already_paid');
    expect(captureEffect(order('Cancelled', 'paid'), 'pay_B', 118_000)).toBe('already_paid');
  });

  it('records a payment for a cancelled or expired order without making it a sale', () => {
    expect(captureEffect(order('Cancelled', 'expired'), 'pay_B', 118_000)).toBe('after_close');
    expect(captureEffect(order('Cancelled', 'cancelled'), 'pay_B', 118_000)).toBe('after_close');
  });

  it('keeps an order refunded when the refund of its late payment arrived before the capture', () => {
    expect(captureEffect(order('Cancelled', 'refunded'), 'pay_B', 118_000)).toBe('refunded_already');
    expect(captureEffect(order('Cancelled', 'refund_pending'), 'pay_B', 118_000)).toBe('refunded_already');
    expect(captureEffect(order('Cancelled', 'refund_failed'), 'pay_B', 118_000)).toBe('refunded_already');
  });

  it('leaves a paid order staff cancelled as it is when its own payment is reported again', () => {
    expect(captureEffect(order('Cancelled', 'refund_pending', 118_000, 'pay_B'), 'pay_B', 118_000)).toBe(
      'already_paid',
    );
    expect(captureEffect(order('Cancelled', 'refunded', 118_000, 'pay_B'), 'pay_B', 118_000)).toBe(
      'already_paid',
    );
  });

  it('does not take a payment of another amount as the order’s, open or cancelled', () => {
    expect(captureEffect(order('Pending', 'pending'), 'pay_B', 117_999)).toBe('wrong_amount');
    expect(captureEffect(order('Cancelled', 'expired'), 'pay_B', 117_999)).toBe('wrong_amount');
  });
});

describe('the payment status after a refund', () => {
  it('keeps an order paid when the refunded payment was a duplicate', () => {
    expect(paymentStatusAfterRefund(order('Pending', 'paid'), 'duplicate', 'processed')).toBe('paid');
    expect(paymentStatusAfterRefund(order('Shipped', 'paid'), 'duplicate', 'processed')).toBe('paid');
  });

  it('leaves a duplicate refunded for a cancelled order without touching its payment status', () => {
    expect(paymentStatusAfterRefund(order('Cancelled', 'expired'), 'duplicate', 'processed')).toBe('expired');
    expect(paymentStatusAfterRefund(order('Cancelled', 'refunded'), 'duplicate', 'processed')).toBe(
      'refunded',
    );
  });

  it('marks a cancelled or expired order refunded when its late payment was given back', () => {
    expect(paymentStatusAfterRefund(order('Cancelled', 'expired'), 'order_closed', 'processed')).toBe(
      'refunded',
    );
    expect(paymentStatusAfterRefund(order('Cancelled', 'cancelled'), 'order_closed', 'processed')).toBe(
      'refunded',
    );
    expect(paymentStatusAfterRefund(order('Cancelled', 'paid'), 'order_closed', 'processed')).toBe(
      'refunded',
    );
    expect(paymentStatusAfterRefund(order('Cancelled', 'refunded'), 'order_closed', 'processed')).toBe(
      'refunded',
    );
  });

  it('does not mark an order that is still open refunded', () => {
    expect(paymentStatusAfterRefund(order('Pending', 'pending'), 'order_closed', 'processed')).toBe(
      'pending',
    );
  });
});

describe('the payment status of a cancelled order while its money is given back', () => {
  it('follows the refund of the payment of a paid order staff cancelled', () => {
    const cancelled = order('Cancelled', 'refund_pending');
    expect(paymentStatusAfterRefund(cancelled, 'cancelled', 'pending')).toBe('refund_pending');
    expect(paymentStatusAfterRefund(cancelled, 'cancelled', 'processed')).toBe('refunded');
    expect(paymentStatusAfterRefund(cancelled, 'cancelled', 'failed')).toBe('refund_failed');
  });

  it('shows a late payment refunded as pending while Razorpay holds it', () => {
    expect(paymentStatusAfterRefund(order('Cancelled', 'expired'), 'order_closed', 'pending')).toBe(
      'refund_pending',
    );
  });

  it('keeps an order paid by its first payment whatever becomes of a duplicate’s refund', () => {
    expect(paymentStatusAfterRefund(order('Pending', 'paid'), 'duplicate', 'failed')).toBe('paid');
    expect(paymentStatusAfterRefund(order('Pending', 'paid'), 'duplicate', 'pending')).toBe('paid');
  });
});

describe('a refund only moves forward', () => {
  it('goes from pending to processed or failed, and from failed to processed', () => {
    expect(refundMovesForward(null, 'pending')).toBe(true);
    expect(refundMovesForward('pending', 'processed')).toBe(true);
    expect(refundMovesForward('pending', 'failed')).toBe(true);
    expect(refundMovesForward('failed', 'processed')).toBe(true);
  });

  it('ignores the same state again, and a late pending after the refund was settled', () => {
    expect(refundMovesForward('processed', 'processed')).toBe(false);
    expect(refundMovesForward('processed', 'pending')).toBe(false);
    expect(refundMovesForward('failed', 'pending')).toBe(false);
    expect(refundMovesForward('processed', 'failed')).toBe(false);
  });
});
