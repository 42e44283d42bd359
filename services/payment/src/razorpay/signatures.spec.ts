import { validatePaymentVerification, validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils';
import {
  hmacSha256Hex,
  isValidPaymentSignature,
  isValidWebhookSignature,
  paymentSignature,
} from './signatures';

const secret = 'key-secret-for-tests';

describe('payment signatures', () => {
  it('signs order_id|payment_id exactly as the official Razorpay SDK verifies it', () => {
    const signature = paymentSignature('order_N1a2b3c4d5e6f7', 'pay_N9z8y7x6w5v4u3', secret);
    expect(
      validatePaymentVerification(
        { order_id: 'order_N1a2b3c4d5e6f7', payment_id: 'pay_N9z8y7x6w5v4u3' },
        signature,
        secret,
      ),
    ).toBe(true);
    expect(isValidPaymentSignature('order_N1a2b3c4d5e6f7', 'pay_N9z8y7x6w5v4u3', signature, secret)).toBe(
      true,
    );
  });

  it('rejects a signature made for another order, another payment or with another secret', () => {
    const signature = paymentSignature('order_A', 'pay_A', secret);
    expect(isValidPaymentSignature('order_B', 'pay_A', signature, secret)).toBe(false);
    expect(isValidPaymentSignature('order_A', 'pay_B', signature, secret)).toBe(false);
    expect(
      isValidPaymentSignature(
        'order_A',
        'pay_A',
        paymentSignature('order_A', 'pay_A', 'other-secret'),
        secret,
      ),
    ).toBe(false);
  });

  it('rejects a truncated, empty or non-hex signature without throwing', () => {
    const signature = paymentSignature('order_A', 'pay_A', secret);
    expect(isValidPaymentSignature('order_A', 'pay_A', signature.slice(0, -1), secret)).toBe(false);
    expect(isValidPaymentSignature('order_A', 'pay_A', '', secret)).toBe(false);
    expect(isValidPaymentSignature('order_A', 'pay_A', 'é'.repeat(32), secret)).toBe(false);
  });

  it('checks a webhook body byte for byte, as the official SDK does', () => {
    const body = '{"event":"payment.captured","payload":{}}';
    const signature = hmacSha256Hex(body, 'webhook-secret');
    expect(validateWebhookSignature(body, signature, 'webhook-secret')).toBe(true);
    expect(isValidWebhookSignature(body, signature, 'webhook-secret')).toBe(true);
    expect(
      isValidWebhookSignature('{"event": "payment.captured","payload":{}}', signature, 'webhook-secret'),
    ).toBe(false);
  });
});
