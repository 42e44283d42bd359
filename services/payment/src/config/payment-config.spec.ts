import { ConfigError, loadServiceConfig } from '@shop/kit';
import { randomBytes } from 'node:crypto';
import { paymentEnvSchema } from './payment-config';

const load = (env: Record<string, string>) => loadServiceConfig('payment', env, paymentEnvSchema);

describe('payment service configuration', () => {
  it('needs no Razorpay settings at all to run the sandbox', () => {
    const config = load({});
    expect(config.PAYMENT_MODE).toBeUndefined();
    expect(config.RAZORPAY_SANDBOX_PORT).toBe(0);
    expect(config.sandboxWebhookUrl).toBeUndefined();
  });

  it('refuses to start pinned live without the key secret and the webhook secret, naming both', () => {
    expect(() => load({ PAYMENT_MODE: 'live', RAZORPAY_KEY_ID: 'rzp_live_x' })).toThrow(ConfigError);
    expect(() => load({ PAYMENT_MODE: 'live' })).toThrow(
      /RAZORPAY_KEY_SECRET is required when PAYMENT_MODE is live[\s\S]*RAZORPAY_WEBHOOK_SECRET/,
    );
    expect(
      load({ PAYMENT_MODE: 'live', RAZORPAY_KEY_SECRET: 's', RAZORPAY_WEBHOOK_SECRET: 'w' }).PAYMENT_MODE,
    ).toBe('live');
  });

  it("sends the sandbox's webhooks to the gateway's webhook route unless told otherwise", () => {
    expect(load({ GATEWAY_URL: 'http://127.0.0.1:8080' }).sandboxWebhookUrl).toBe(
      'http://127.0.0.1:8080/api/payments/webhook',
    );
    expect(
      load({ GATEWAY_URL: 'http://127.0.0.1:8080', RAZORPAY_SANDBOX_WEBHOOK_URL: 'http://hooks.test/rzp' })
        .sandboxWebhookUrl,
    ).toBe('http://hooks.test/rzp');
  });

  it('refuses a mode other than sandbox or live', () => {
    expect(() => load({ PAYMENT_MODE: 'test' })).toThrow(/PAYMENT_MODE/);
  });

  it('sweeps payments owed back every 30 seconds unless PAYMENT_REFUND_SWEEP_SECONDS says otherwise', () => {
    expect(load({}).PAYMENT_REFUND_SWEEP_SECONDS).toBe(30);
    expect(load({ PAYMENT_REFUND_SWEEP_SECONDS: '1' }).PAYMENT_REFUND_SWEEP_SECONDS).toBe(1);
    expect(() => load({ PAYMENT_REFUND_SWEEP_SECONDS: '0' })).toThrow(/PAYMENT_REFUND_SWEEP_SECONDS/);
  });

  it('refuses in production the example Razorpay secrets and short or guessable ones, when they are set', () => {
    const live = { NODE_ENV: 'production', PAYMENT_MODE: 'live', RAZORPAY_KEY_ID: 'rzp_live_x' };
    const keySecret = randomBytes(18).toString('base64url');
    const webhookSecret = randomBytes(24).toString('base64url');
    expect(() =>
      load({ ...live, RAZORPAY_KEY_SECRET: 'replace-with-the-live-key-secret', RAZORPAY_WEBHOOK_SECRET: webhookSecret }),
    ).toThrow(/RAZORPAY_KEY_SECRET: RAZORPAY_KEY_SECRET is a development or example value/);
    expect(() => load({ ...live, RAZORPAY_KEY_SECRET: keySecret, RAZORPAY_WEBHOOK_SECRET: 'hook-secret' })).toThrow(
      /RAZORPAY_WEBHOOK_SECRET: RAZORPAY_WEBHOOK_SECRET must be at least 20 characters/,
    );
    expect(load({ ...live, RAZORPAY_KEY_SECRET: keySecret, RAZORPAY_WEBHOOK_SECRET: webhookSecret }).PAYMENT_MODE).toBe('live');
    expect(load({ NODE_ENV: 'production' }).PAYMENT_MODE).toBeUndefined();
  });
});
