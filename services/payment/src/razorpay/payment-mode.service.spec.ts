import { loadServiceConfig, RpcError } from '@shop/kit';
import { paymentEnvSchema } from '../config/payment-config';
import type { PaymentSettings, PaymentSettingsService } from '../settings/payment-settings.service';
import { PaymentModeService } from './payment-mode.service';

const LIVE_SECRETS = { RAZORPAY_KEY_SECRET: 'key-secret', RAZORPAY_WEBHOOK_SECRET: 'webhook-secret' };

function modes(env: Record<string, string>, settings: Partial<PaymentSettings> = {}) {
  const config = loadServiceConfig('payment', env, paymentEnvSchema);
  const projection = {
    current: async () => ({
      razorpayKeyId: '',
      razorpayKeySecret: '',
      paymentGatewayLive: false,
      ...settings,
    }),
  } as PaymentSettingsService;
  return new PaymentModeService(config, projection);
}

describe('choosing between Razorpay and the sandbox', () => {
  it('runs the sandbox when no live keys are configured, even if the back office flips the switch', async () => {
    const service = modes({}, { razorpayKeyId: 'rzp_live_abc', paymentGatewayLive: true });
    expect(await service.view()).toEqual({
      mode: 'sandbox',
      keyId: 'rzp_test_sandbox',
      checkoutScriptUrl: '/api/payments/sandbox/checkout.js',
    });
  });

  it('stays in the sandbox with live keys until the back office turns the gateway live', async () => {
    expect((await modes({ ...LIVE_SECRETS, RAZORPAY_KEY_ID: 'rzp_live_env' }).current()).mode).toBe(
      'sandbox',
    );
    expect(
      await modes({ ...LIVE_SECRETS, RAZORPAY_KEY_ID: 'rzp_live_env' }, { paymentGatewayLive: true }).view(),
    ).toEqual({
      mode: 'live',
      keyId: 'rzp_live_env',
      checkoutScriptUrl: 'https://checkout.razorpay.com/v1/checkout.js',
    });
  });

  it("uses the back office's key id over the environment's", async () => {
    const service = modes(
      { ...LIVE_SECRETS, RAZORPAY_KEY_ID: 'rzp_live_env' },
      { razorpayKeyId: 'rzp_live_settings', paymentGatewayLive: true },
    );
    expect(await service.current()).toEqual({ mode: 'live', keyId: 'rzp_live_settings' });
  });

  it("goes live with the back office's key secret when the environment has none", async () => {
    const env = { RAZORPAY_WEBHOOK_SECRET: 'webhook-secret' };
    const live = { razorpayKeyId: 'rzp_live_settings', paymentGatewayLive: true };
    expect((await modes(env, live).current()).mode).toBe('sandbox');
    expect(await modes(env, { ...live, razorpayKeySecret: 'settings-secret' }).current()).toEqual({
      mode: 'live',
      keyId: 'rzp_live_settings',
    });
  });

  it("signs live payments with the back office's key secret over the environment's, and sandbox ones with the simulator's", async () => {
    const service = modes(LIVE_SECRETS, { razorpayKeySecret: 'settings-secret' });
    expect(await service.keySecret('live')).toBe('settings-secret');
    expect(await modes(LIVE_SECRETS).keySecret('live')).toBe('key-secret');
    expect(await modes({}).keySecret('live')).toBeUndefined();
    expect(await service.keySecret('sandbox')).toBe('sandbox-key-secret-not-for-real-money');
  });

  it('obeys a pinned mode whatever the settings say', async () => {
    expect(
      (
        await modes(
          { ...LIVE_SECRETS, PAYMENT_MODE: 'sandbox', RAZORPAY_KEY_ID: 'k' },
          { paymentGatewayLive: true },
        ).current()
      ).mode,
    ).toBe('sandbox');
    expect(
      await modes({ ...LIVE_SECRETS, PAYMENT_MODE: 'live', RAZORPAY_KEY_ID: 'rzp_live_env' }).current(),
    ).toEqual({ mode: 'live', keyId: 'rzp_live_env' });
    expect(modes({ ...LIVE_SECRETS, PAYMENT_MODE: 'live' }).sandboxPossible).toBe(false);
  });

  it("answers 'Payment gateway is not configured' when pinned live without any key id", async () => {
    await expect(modes({ ...LIVE_SECRETS, PAYMENT_MODE: 'live' }).current()).rejects.toMatchObject({
      payload: { status: 503, message: 'Payment gateway is not configured' },
    });
    await expect(modes({ ...LIVE_SECRETS, PAYMENT_MODE: 'live' }).current()).rejects.toBeInstanceOf(RpcError);
  });

  it('lets CHECKOUT_SCRIPT_URL choose where the storefront loads Checkout from', async () => {
    const service = modes({ CHECKOUT_SCRIPT_URL: 'https://cdn.example/checkout.js' });
    expect((await service.view()).checkoutScriptUrl).toBe('https://cdn.example/checkout.js');
  });
});
