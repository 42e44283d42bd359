import { FACTORY_SETTINGS } from '@shop/proto';
import { firstTabWithError, serverErrors, toFormValues, toPayload, validate } from './settingsForm';

const settings = { ...FACTORY_SETTINGS, razorpayKeySecret: '••••••••7f3a', razorpayKeySecretSet: true };

describe('the settings form rules', () => {
  it('holds numbers as text while editing and converts them to numbers when saving', () => {
    const values = toFormValues(settings);
    expect(values.freeShippingThreshold).toBe('2000');
    expect(values.sessionTimeout).toBe('30');
    const payload = toPayload({ ...values, defaultTaxRate: '12.5', maxLoginAttempts: '7' });
    expect(payload.defaultTaxRate).toBe(12.5);
    expect(payload.maxLoginAttempts).toBe(7);
    expect(payload.freeShippingThreshold).toBe(2000);
    expect(payload.applyTaxToShipping).toBe(true);
  });

  it('sends the masked key secret back as it came, and never the stored-secret flag', () => {
    const payload = toPayload(toFormValues(settings));
    expect(payload.razorpayKeySecret).toBe('••••••••7f3a');
    expect(payload).not.toHaveProperty('razorpayKeySecretSet');
  });

  it('fills a setting the server leaves out with the spec default', () => {
    const { autoReorderQuantity: _left, ...partial } = settings;
    expect(_left).toBe(50);
    expect(toFormValues(partial).autoReorderQuantity).toBe('50');
  });

  it("refuses a blank or out-of-range number with the server's message", () => {
    const values = toFormValues(settings);
    expect(validate(toPayload({ ...values, sessionTimeout: '' }))).toEqual({
      sessionTimeout: 'Session timeout must be a whole number of minutes from 5 to 1440',
    });
    expect(validate(toPayload({ ...values, maxLoginAttempts: '0' }))).toEqual({
      maxLoginAttempts: 'Max login attempts must be a whole number from 1 to 100',
    });
    expect(validate(toPayload(values))).toEqual({});
  });

  it('finds the first tab holding a refused setting', () => {
    expect(firstTabWithError({ maintenanceMode: 'x', razorpayKeyId: 'y' })).toBe('payments');
    expect(firstTabWithError({})).toBeNull();
  });

  it("keys the server's field errors by setting", () => {
    expect(
      serverErrors([{ field: 'gstNumber', message: 'GST number must be a valid 15-character GSTIN' }]),
    ).toEqual({
      gstNumber: 'GST number must be a valid 15-character GSTIN',
    });
    expect(serverErrors([{ field: 'unknown', message: 'x' }])).toEqual({});
  });
});
