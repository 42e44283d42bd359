import {
  captureOutcome,
  refundGivenUp,
  refundReceipt,
  refundRetryDelaySeconds,
  refundStep,
} from './refund-rules';

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

  it('is owed back when the order is cash on delivery, paid at the door and never online', () => {
    expect(captureOutcome(open, 'pay_A', 'cod')).toBe('order_closed');
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

describe('rounds of refund attempts', () => {
  it('asks under a new idempotency key once a refund Razorpay made has failed', () => {
    const rounds = [0, 1, 2].map((round) => refundReceipt('pay_N9z8y7x6w5v4u3', round));
    expect(new Set(rounds).size).toBe(3);
    for (const receipt of rounds) expect(receipt).toMatch(/^[A-Za-z0-9_-]{10,40}$/);
  });

  it('gives up, for staff to see, once the refund has been tried as often as allowed', () => {
    expect([4, 5, 6].map((attempts) => refundGivenUp(attempts, 5))).toEqual([false, true, true]);
  });
});

describe("what Razorpay's word on a refund does to the payment owed back", () => {
  const id = 'pay_N9z8y7x6w5v4u3';
  const due = { id, status: 'refund_due' as const, refundRound: 1 };
  const pending = { ...due, status: 'refund_pending' as const };
  const thisRound = refundReceipt(id, 1);
  const earlierRound = refundReceipt(id, 0);

  it('records the money as given back whatever refund of the payment was processed', () => {
    expect(refundStep(due, { status: 'processed', receipt: thisRound })).toBe('processed');
    expect(refundStep(pending, { status: 'processed', receipt: earlierRound })).toBe('processed');
    expect(refundStep({ ...due, status: 'refund_failed' }, { status: 'processed', receipt: thisRound })).toBe(
      'processed',
    );
  });

  it('records a refund Razorpay holds as pending, not as done', () => {
    expect(refundStep(due, { status: 'pending', receipt: thisRound })).toBe('pending');
    expect(refundStep(pending, { status: 'pending', receipt: thisRound })).toBe('none');
  });

  it("fails only the current round's refund; an earlier round's failure is old news", () => {
    expect(refundStep(pending, { status: 'failed', receipt: thisRound })).toBe('failed');
    expect(refundStep(due, { status: 'failed', receipt: thisRound })).toBe('failed');
    expect(refundStep(pending, { status: 'failed', receipt: earlierRound })).toBe('none');
    expect(refundStep(pending, { status: 'pending', receipt: earlierRound })).toBe('none');
  });

  it('changes nothing on a payment that is not owed back or is refunded already', () => {
    for (const status of ['captured', 'failed', 'refunded'] as const)
      expect(refundStep({ ...due, status }, { status: 'processed', receipt: thisRound })).toBe('none');
    expect(refundStep({ ...due, status: 'refund_failed' }, { status: 'failed', receipt: thisRound })).toBe(
      'none',
    );
  });
});
