import { captureOutcome, refundReceipt, refundRetryDelaySeconds } from './refund-rules';

describe('what a captured payment is to its order', () => {
  const open = { status: 'created' as const, paidPaymentId: null };
  const paidBy = (paymentId: string) => ({ status: 'paid' as const, paidPaymentId: paymentId });

  it('pays an open order, including one whose earlier attempt failed', () => {
    expect(captureOutcome(open, 'pay_A', null)).toBe('pays');
    expect(captureOutcome({ status: 'failed', paidPaymentId: null }, 'pay_A', null)).toBe('pays');
  });

  it('is the payment that paid the order when it is reported again', () => {
    expect(captureOutcome(paidBy('pay_A'), 'pay_A', null)).toBe('paid');
    expect(captureOutcome(paidBy('pay_A'), 'pay_A', 'cancelled')).toBe('paid');
  });

  it('is owed back as a duplicate when another payment paid the order, even if the order closed since', () => {
    expect(captureOutcome(paidBy('pay_A'), 'pay_B', null)).toBe('duplicate');
    expect(captureOutcome(paidBy('pay_A'), 'pay_B', 'expired')).toBe('duplicate');
  });

  it('is owed back when the order was cancelled or expired before the money came', () => {
    expect(captureOutcome(open, 'pay_A', 'cancelled')).toBe('order_closed');
    expect(captureOutcome(open, 'pay_A', 'expired')).toBe('order_closed');
  });
});

describe('retrying a refund that failed', () => {
  it('waits one sweep after the first failure and twice as long after each further one', () => {
    expect([1, 2, 3, 4].map((n) => refundRetryDelaySeconds(n, 30))).toEqual([30, 60, 120, 240]);
  });

  it('never waits more than an hour, however many attempts failed', () => {
    expect(refundRetryDelaySeconds(8, 30)).toBe(3600);
    expect(refundRetryDelaySeconds(5000, 30)).toBe(3600);
  });
});

describe('the receipt of a refund', () => {
  it('is the same for every attempt at one payment, and a valid Razorpay idempotency key', () => {
    expect(refundReceipt('pay_N9z8y7x6w5v4u3')).toBe(refundReceipt('pay_N9z8y7x6w5v4u3'));
    expect(refundReceipt('pay_N9z8y7x6w5v4u3')).not.toBe(refundReceipt('pay_Other00000000'));
    expect(refundReceipt('pay_N9z8y7x6w5v4u3')).toMatch(/^[A-Za-z0-9_-]{10,40}$/);
  });
});
