import { readRefundRequest, refundableAmount, SandboxProviderError } from './sandbox-provider.service';

const captured = { status: 'captured' as const, amount: 50_000, amountRefunded: 0 };

/** The refusal `run` throws, as the simulator would answer it. */
function refusal(run: () => unknown) {
  try {
    run();
  } catch (err) {
    if (err instanceof SandboxProviderError) return { status: err.status, ...err.body.error };
    throw err;
  }
  throw new Error('expected a refusal');
}

describe("the simulated Razorpay's refund rules", () => {
  it('refunds everything left when no amount is given, and the amount asked otherwise', () => {
    expect(refundableAmount(captured, undefined)).toBe(50_000);
    expect(refundableAmount({ ...captured, amountRefunded: 20_000 }, undefined)).toBe(30_000);
    expect(refundableAmount(captured, 12_345)).toBe(12_345);
  });

  it('refuses more than is left of the capture with 400 BAD_REQUEST_ERROR on the amount', () => {
    expect(refusal(() => refundableAmount(captured, 50_001))).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST_ERROR',
      description: 'The refund amount provided is greater than amount captured',
      field: 'amount',
    });
    expect(refusal(() => refundableAmount({ ...captured, amountRefunded: 40_000 }, 10_001)).status).toBe(400);
  });

  it('refuses a payment refunded in full already, or one never captured', () => {
    expect(refusal(() => refundableAmount({ ...captured, status: 'refunded' }, undefined)).description).toBe(
      'The payment has been fully refunded already',
    );
    for (const status of ['authorized', 'failed'] as const)
      expect(refusal(() => refundableAmount({ ...captured, status }, undefined)).description).toBe(
        'Only captured payments can be refunded',
      );
  });

  it("reads speed, receipt and notes as Razorpay does, with 'normal' speed by default", () => {
    expect(readRefundRequest({ amount: 100, notes: { orderId: 'o1', attempt: 2 }, receipt: 'r-1' })).toEqual({
      amount: 100,
      speed: 'normal',
      receipt: 'r-1',
      notes: { orderId: 'o1', attempt: '2' },
    });
    expect(readRefundRequest({ speed: 'optimum' })).toEqual({ speed: 'optimum', receipt: null, notes: {} });
  });

  it('refuses an amount under one rupee, an unknown speed and a receipt over 40 characters', () => {
    expect(refusal(() => readRefundRequest({ amount: 99 }))).toMatchObject({ status: 400, field: 'amount' });
    expect(refusal(() => readRefundRequest({ amount: 'lots' }))).toMatchObject({ field: 'amount' });
    expect(refusal(() => readRefundRequest({ speed: 'instant' }))).toMatchObject({ field: 'speed' });
    expect(refusal(() => readRefundRequest({ receipt: 'r'.repeat(41) }))).toMatchObject({ field: 'receipt' });
  });
});
