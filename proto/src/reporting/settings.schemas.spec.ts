import { SEEDED_SETTINGS } from '../settings';
import { validate } from '../validation/validate';
import { isMaskedSecret, maskSecret, settingsPatchSchema, shopSettingsSchema } from './settings.schemas';

describe('settings validation', () => {
  it('accepts the seeded settings as they are', () => {
    expect(validate(shopSettingsSchema, SEEDED_SETTINGS)).toEqual({ ok: true, data: SEEDED_SETTINGS });
  });

  it('converts the numeric fields the screen sends as text', () => {
    const result = validate(settingsPatchSchema, { freeShippingThreshold: '1500.50', maxLoginAttempts: '3', applyTaxToShipping: 'false' });
    expect(result).toEqual({ ok: true, data: { freeShippingThreshold: 1500.5, maxLoginAttempts: 3, applyTaxToShipping: false } });
  });

  it('reports each bad field with its message', () => {
    const result = validate(settingsPatchSchema, { standardShippingCost: -1, sessionTimeout: 4, businessPhone: '12345' });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors).toEqual([
      { field: 'businessPhone', message: 'Phone must be exactly 10 digits' },
      { field: 'standardShippingCost', message: 'Standard shipping cost must be an amount of 0 to 100000 rupees with at most 2 decimals' },
      { field: 'sessionTimeout', message: 'Session timeout must be a whole number of minutes from 5 to 1440' },
    ]);
  });

  it('refuses amounts finer than a paisa', () => {
    expect(validate(settingsPatchSchema, { expressShippingCost: 10.005 }).ok).toBe(false);
  });

  it('needs a key id before payments go live', () => {
    const result = validate(shopSettingsSchema, { ...SEEDED_SETTINGS, paymentGatewayLive: true });
    expect(!result.ok && result.errors[0]).toEqual({ field: 'razorpayKeyId', message: 'Enter the Razorpay key id before switching payments to live' });
    expect(validate(shopSettingsSchema, { ...SEEDED_SETTINGS, paymentGatewayLive: true, razorpayKeyId: 'rzp_live_AbCd1234' }).ok).toBe(true);
  });

  it('drops names that are not settings', () => {
    expect(validate(settingsPatchSchema, { _id: 'x', updatedAt: 'y', twoFactorAuth: true })).toEqual({ ok: true, data: { twoFactorAuth: true } });
  });
});

describe('the key secret mask', () => {
  it('shows only that a secret is set and its last 4 characters', () => {
    expect(maskSecret('live_secret_ABCD1234')).toBe('••••••••1234');
    expect(maskSecret('abc')).toBe('••••••••');
    expect(maskSecret(null)).toBe('');
  });

  it('recognises the mask read back from the screen', () => {
    expect(isMaskedSecret(maskSecret('live_secret_ABCD1234'))).toBe(true);
    expect(isMaskedSecret('a-new-secret')).toBe(false);
  });
});
