import { SEEDED_SETTINGS, STOREFRONT_SETTING_KEYS, storefrontSettingsOf } from '@shop/proto';
import { Backend, startBackend } from '../harness/backend';
import { api } from '../harness/http';
import { adminToken, eventually } from './back-office-support';

jest.setTimeout(90_000);

const MAINTENANCE = 'The shop is under maintenance. Please try again soon.';

/** `GET /api/settings/public`: the shipping, tax and contact figures any visitor may read. */
describe('public settings', () => {
  let backend: Backend;
  let http: ReturnType<typeof api>;
  const admin = adminToken();

  const patch = async (changes: Record<string, unknown>) => {
    const res = await http.patch('/admin2009/settings', changes, admin);
    expect(res.status).toBe(200);
    return res.body.settings;
  };

  beforeAll(async () => {
    // No catalog runs here: a short RPC timeout makes store calls fail fast until maintenance is on.
    backend = await startBackend({ services: ['admin-reporting'], env: { RPC_TIMEOUT_MS: '1500' } });
    http = api(backend.url);
  });
  afterAll(() => backend?.stop());

  it('tells a visitor without a token the seeded shipping, tax and contact figures, and nothing else', async () => {
    const res = await http.get('/settings/public');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, settings: storefrontSettingsOf(SEEDED_SETTINGS) });
    expect(Object.keys(res.body.settings).sort()).toEqual([...STOREFRONT_SETTING_KEYS].sort());
    expect(res.body.settings).toMatchObject({ freeShippingThreshold: 1000, standardShippingCost: 99 });
  });

  it('reflects a PATCH of the settings by an admin, never showing keys or secrets', async () => {
    const saved = await patch({
      freeShippingThreshold: 1500,
      standardShippingCost: 79,
      expressShippingCost: 249,
      defaultTaxRate: 12,
      applyTaxToShipping: false,
      businessPhone: '9876543210',
      razorpayKeyId: 'rzp_test_publicsettings',
      razorpayKeySecret: 'secret-never-shown',
      gstNumber: '27AAAPL1234C1ZE',
    });
    const res = await eventually(
      () => http.get('/settings/public'),
      (r) => r.body?.settings?.freeShippingThreshold === 1500,
      'the gateway to hold the new settings',
    );
    expect(res.body.settings).toEqual(storefrontSettingsOf(saved));
    expect(res.body.settings).toMatchObject({
      freeShippingThreshold: 1500,
      standardShippingCost: 79,
      expressShippingCost: 249,
      defaultTaxRate: 12,
      applyTaxToShipping: false,
    });
    expect(res.body.settings.businessPhone).toContain('9876543210');
    const text = JSON.stringify(res.body);
    for (const hidden of ['rzp_test_publicsettings', 'secret-never-shown'])
      expect(text).not.toContain(hidden);
    // The GSTIN is printed on every invoice, and India's e-commerce rules have sellers show it.
    expect(res.body.settings.gstNumber).toBe('27AAAPL1234C1ZE');
  });

  it('keeps answering in maintenance mode while the rest of the store API is closed', async () => {
    await patch({ maintenanceMode: true });
    const closed = await eventually(
      () => http.get('/products'),
      (r) => r.status === 503 && r.body.message === MAINTENANCE,
      'the gateway to enter maintenance',
    );
    expect(closed.body.message).toBe(MAINTENANCE);
    const open = await http.get('/settings/public');
    expect(open.status).toBe(200);
    expect(open.body.settings.freeShippingThreshold).toBe(1500);
    await patch({ maintenanceMode: false });
  });
});
