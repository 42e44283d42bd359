import { brokerNames, EVENTS, FACTORY_SETTINGS, SEEDED_SETTINGS } from '@shop/proto';
import { databaseUrl, dropDatabase } from '@shop/kit';
import { Channel, ChannelModel, connect } from 'amqplib';
import { Client } from 'pg';
import { randomUUID } from 'node:crypto';
import { amqpUrl } from '../harness/broker';
import { Backend, startBackend, TEST_ADMIN } from '../harness/backend';
import { api } from '../harness/http';
import { productPayload } from './catalog-support';
import { adminToken, eventually } from './back-office-support';

jest.setTimeout(180_000);

const PASSWORD = 'Secret@123';
const MAINTENANCE = 'The shop is under maintenance. Please try again soon.';

/**
 * The settings screen, and each setting taking effect in the service that uses it: the user service
 * (login attempts, registrations, password rules, admin session), the gateway (maintenance mode),
 * the order and cart services (shipping and tax), the payment service (key id and live mode).
 */
describe('back-office settings', () => {
  let backend: Backend;
  let http: ReturnType<typeof api>;
  let conn: ChannelModel;
  let channel: Channel;
  const published: Record<string, unknown>[] = [];
  const admin = adminToken();
  let productId: string;
  let sessionMinutes = 30;

  beforeAll(async () => {
    backend = await startBackend({
      env: { AUTH_RATE_LIMIT_PER_MINUTE: '10000' },
      serviceEnv: {
        payment: {
          RAZORPAY_KEY_SECRET: 'live-key-secret-from-env',
          RAZORPAY_WEBHOOK_SECRET: 'live-webhook-secret-from-env',
        },
      },
    });
    http = api(backend.url);
    conn = await connect(amqpUrl());
    channel = await conn.createChannel();
    const names = brokerNames(backend.namespace);
    const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true });
    await channel.bindQueue(queue, names.eventsExchange, EVENTS.settingsUpdated);
    await channel.consume(queue, (msg) => msg && published.push(JSON.parse(msg.content.toString()).data), {
      noAck: true,
    });
    const created = await http.post(
      '/admin2009/products',
      productPayload({ name: 'Settings Test Notebook', price: '500', stock: '100' }),
      admin,
    );
    expect(created.status).toBe(201);
    productId = created.body._id ?? created.body.product._id;
  });

  afterAll(async () => {
    await channel?.close().catch(() => undefined);
    await conn?.close().catch(() => undefined);
    await backend?.stop();
  });

  const patch = async (changes: Record<string, unknown>) => {
    const res = await http.patch('/admin2009/settings', changes, admin);
    expect(res.status).toBe(200);
    return res.body;
  };

  const adminSessionSeconds = async () => {
    const res = await http.post('/admin2009/login', TEST_ADMIN);
    expect(res.status).toBe(200);
    const claims = JSON.parse(Buffer.from(res.body.token.split('.')[1], 'base64url').toString());
    return claims.exp - claims.iat;
  };

  /**
   * Changes settings and waits until the user service has applied them: the session timeout is
   * changed too, and an admin token of that lifetime shows the event arrived.
   */
  const patchUserSettings = async (changes: Record<string, unknown>) => {
    sessionMinutes += 1;
    await patch({ ...changes, sessionTimeout: sessionMinutes });
    await eventually(
      adminSessionSeconds,
      (s) => s === sessionMinutes * 60,
      'the user service to apply the settings',
    );
  };

  const register = (password = PASSWORD) => {
    const username = `set_${randomUUID().slice(0, 8)}`;
    return http.post('/auth/register', { username, email: `${username}@example.com`, password });
  };

  it('starts a new shop with every setting of the back-office spec, shipping as the storefront shows it', async () => {
    const { status, body } = await http.get('/admin2009/settings', admin);
    expect(status).toBe(200);
    expect(body.settings).toEqual({ ...SEEDED_SETTINGS, razorpayKeySecret: '', razorpayKeySecretSet: false });
    expect(body.settings).toMatchObject({ freeShippingThreshold: 1000, standardShippingCost: 99 });
    expect(Object.keys(body.settings).sort()).toEqual(
      [...Object.keys(FACTORY_SETTINGS), 'razorpayKeySecret', 'razorpayKeySecretSet'].sort(),
    );
  });

  it('rejects invalid settings with the field message and changes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ businessEmail: 'not-an-email' }, 'Please enter a valid email'],
      [{ sessionTimeout: 2 }, 'Session timeout must be a whole number of minutes from 5 to 1440'],
      [{ maxLoginAttempts: 'many' }, 'Max login attempts must be a whole number from 1 to 100'],
      [{ defaultTaxRate: 120 }, 'Tax rate must be a percentage from 0 to 100'],
      [{ gstNumber: 'GST123' }, 'GSTIN must be 15 characters'],
      [
        { gstNumber: '27AAPFU0939F1ZA' },
        'GSTIN check character (the last) does not match: please check the number for a typing mistake',
      ],
      [
        { gstNumber: '27AAPFU0939F1ZV', businessState: 'Karnataka' },
        'The GST number is registered in Maharashtra, but the business state is Karnataka',
      ],
      [
        { businessState: 'Atlantis' },
        'Business state must be one of the Indian states and union territories',
      ],
      [
        { codLimit: -1 },
        'Cash on delivery limit must be an amount of 0 to 1000000 rupees with at most 2 decimals',
      ],
      [{ maintenanceMode: 'yes' }, 'Maintenance mode must be true or false'],
      [{ paymentGatewayLive: true }, 'Enter the Razorpay key id before switching payments to live'],
    ];
    for (const [changes, message] of cases) {
      const res = await http.patch('/admin2009/settings', changes, admin);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await http.get('/admin2009/settings', admin)).body.settings).toMatchObject({
      sessionTimeout: 30,
      defaultTaxRate: 18,
      paymentGatewayLive: false,
    });
  });

  it('takes the whole settings object as the screen saves it, converting numeric fields', async () => {
    const { settings } = (await http.get('/admin2009/settings', admin)).body;
    const body = await patch({
      ...settings,
      businessName: 'MS & Jaksh Pvt Ltd',
      gstNumber: '27aapfu0939f1zv',
      autoReorderQuantity: '75',
      _id: 'ignored',
    });
    expect(body).toMatchObject({ success: true, message: 'Settings updated successfully' });
    expect(body.settings).toMatchObject({
      businessName: 'MS & Jaksh Pvt Ltd',
      gstNumber: '27AAPFU0939F1ZV',
      autoReorderQuantity: 75,
    });
    expect(body.settings._id).toBeUndefined();
  });

  it('keeps the Razorpay key secret write-only: masked when read, kept when the mask or nothing is sent back, never published', async () => {
    const set = await patch({ razorpayKeySecret: 'live_secret_ABCD1234' });
    expect(set.settings).toMatchObject({ razorpayKeySecret: '••••••••1234', razorpayKeySecretSet: true });
    const again = await patch({
      razorpayKeySecret: set.settings.razorpayKeySecret,
      businessPhone: '9876543210',
    });
    expect(again.settings).toMatchObject({ razorpayKeySecret: '••••••••1234', businessPhone: '9876543210' });
    expect((await patch({ razorpayKeySecret: '' })).settings.razorpayKeySecret).toBe('••••••••1234');
    const read = await http.get('/admin2009/settings', admin);
    expect(JSON.stringify(read.body)).not.toContain('live_secret');
    await eventually(
      async () => published.length,
      (n) => n >= 4,
      'settings.updated events',
    );
    for (const event of published) expect(event).not.toHaveProperty('razorpayKeySecret');
    expect(published.at(-1)).toMatchObject({ businessPhone: '9876543210' });
  });

  it('makes the session timeout the admin token lifetime', async () => {
    expect(await adminSessionSeconds()).toBe(30 * 60);
    await patchUserSettings({});
    expect(await adminSessionSeconds()).toBe(sessionMinutes * 60);
  });

  it('locks an account after max login attempts failures', async () => {
    await patchUserSettings({ maxLoginAttempts: 2 });
    const account = await register();
    expect(account.status).toBe(201);
    const login = (password: string) =>
      http.post('/auth/login', { identifier: account.body.user.email, password });
    expect((await login('Wrong@1234')).status).toBe(401);
    expect((await login('Wrong@1234')).status).toBe(401);
    const locked = await login(PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe('Too many failed login attempts. Please try again in 15 minutes.');
    await patchUserSettings({ maxLoginAttempts: 5 });
  });

  it("refuses registrations with 'Registrations are currently disabled' while they are not allowed", async () => {
    await patchUserSettings({ allowRegistrations: false });
    const refused = await register();
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Registrations are currently disabled');
    await patchUserSettings({ allowRegistrations: true });
    expect((await register()).status).toBe(201);
  });

  it('holds new passwords to the strong-password rule only while it is on', async () => {
    await patchUserSettings({ requireStrongPasswords: false });
    expect((await register('password1')).status).toBe(201);
    await patchUserSettings({ requireStrongPasswords: true });
    const weak = await register('password1');
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe('Password must contain an uppercase letter');
  });

  it('puts the store API in maintenance while the back office, admin sign-in and health keep working', async () => {
    const customer = await register();
    await patch({ maintenanceMode: true });
    const closed = await eventually(
      () => http.get('/products'),
      (res) => res.status === 503,
      'the gateway to enter maintenance',
    );
    expect(closed.body).toEqual({ success: false, status: 503, message: MAINTENANCE, errors: [] });
    expect(
      (await http.post('/auth/login', { identifier: customer.body.user.email, password: PASSWORD })).body
        .message,
    ).toBe(MAINTENANCE);
    expect((await http.get('/auth/me', customer.body.token)).status).toBe(503);
    expect((await http.get('/customizations')).status).toBe(503);

    expect((await http.get('/health')).status).toBe(200);
    expect((await http.post('/admin2009/login', TEST_ADMIN)).status).toBe(200);
    expect((await http.get('/admin2009/settings', admin)).status).toBe(200);
    expect((await http.get('/admin2009/dashboard', admin)).status).toBe(200);
    expect((await http.get('/customizations', admin)).status).toBe(200);

    await patch({ maintenanceMode: false });
    await eventually(
      () => http.get('/products'),
      (res) => res.status === 200,
      'the gateway to leave maintenance',
    );
  });

  it('prices orders with the shipping and tax settings', async () => {
    const customer = (await register()).body.token;
    const quote = async (quantity: number) =>
      (await http.post('/orders/quote', { products: [{ product: productId, quantity }] }, customer)).body
        .quote;
    // The seeded shop: 2 x 500 = 1000 is not over 1000, so shipping 99; GST 18% on goods and shipping.
    expect(await quote(2)).toMatchObject({ subtotal: 1000, shipping: 99, taxRate: 18 });

    await patch({
      freeShippingThreshold: 2000,
      standardShippingCost: 150,
      defaultTaxRate: 12,
      applyTaxToShipping: false,
    });
    const q = await eventually(
      () => quote(2),
      (v) => v.shipping === 150 && v.taxRate === 12,
      'the order service to apply the settings',
    );
    expect(q).toMatchObject({
      subtotal: 1000,
      shipping: 150,
      tax: 120,
      totalAmount: 1270,
      freeShippingThreshold: 2000,
    });
    expect(await quote(5)).toMatchObject({ subtotal: 2500, shipping: 0, tax: 300, totalAmount: 2800 });

    await patch({ applyTaxToShipping: true });
    const taxed = await eventually(
      () => quote(2),
      (v) => v.tax !== 120,
      'tax on shipping',
    );
    expect(taxed).toMatchObject({ shipping: 150, tax: 138, totalAmount: 1288 });
  });

  it('ships carts by the shipping settings', async () => {
    const customer = (await register()).body.token;
    await patch({ freeShippingThreshold: 3000, standardShippingCost: 175 });
    const added = await eventually(
      () => http.post('/cart', { productId, quantity: 2 }, customer),
      (res) => res.status === 200,
      'the cart to know the product',
    );
    expect(added.body.cart.subtotal).toBe(1000);
    const cart = await eventually(
      () => http.get('/cart', customer),
      (res) => res.body.cart?.shipping === 175,
      'the cart service to apply the settings',
    );
    expect(cart.body.cart).toMatchObject({ subtotal: 1000, shipping: 175 });
  });

  it('takes the payment key id and live mode from the settings (the secrets stay in the payment service)', async () => {
    expect((await http.get('/payments/config')).body).toMatchObject({ mode: 'sandbox' });
    await patch({ razorpayKeyId: 'rzp_live_SettingsKey1', paymentGatewayLive: true });
    const live = await eventually(
      () => http.get('/payments/config'),
      (res) => res.body.mode === 'live',
      'the payment service to go live',
    );
    expect(live.body).toMatchObject({
      mode: 'live',
      keyId: 'rzp_live_SettingsKey1',
      checkoutScriptUrl: 'https://checkout.razorpay.com/v1/checkout.js',
    });
    expect(JSON.stringify(live.body)).not.toContain('secret');
    await patch({ paymentGatewayLive: false });
    await eventually(
      () => http.get('/payments/config'),
      (res) => res.body.mode === 'sandbox',
      'the payment service to return to the sandbox',
    );
  });

  it('brings a user service that missed the settings events up to date when it starts', async () => {
    await patchUserSettings({});
    await backend.kill('user');
    const userDb = new Client({
      connectionString: databaseUrl(backend.env.DATABASE_URL, backend.databases.user),
    });
    await userDb.connect();
    await userDb.query(`DELETE FROM shop_settings`);
    await userDb.end();
    await backend.restart('user');
    await eventually(
      adminSessionSeconds,
      (s) => s === sessionMinutes * 60,
      'the user service to ask for the settings',
    );
  });

  it('prices by a threshold changed before an order service started on a fresh database, without waiting for another change', async () => {
    const customer = (await register()).body.token;
    const quote = async () =>
      (await http.post('/orders/quote', { products: [{ product: productId, quantity: 2 }] }, customer)).body
        .quote;
    await patch({ freeShippingThreshold: 800 });
    // Applied before the service goes, so no settings.updated is left in its queue for the new one.
    await eventually(
      quote,
      (q) => q?.freeShippingThreshold === 800,
      'the order service to apply the settings',
    );
    await backend.kill('order');
    await dropDatabase(backend.env.DATABASE_URL, backend.databases.order);
    await backend.restart('order');
    // On a new shop's threshold (1000) these 1000 rupees would ship for 99.
    const fresh = await eventually(
      quote,
      (q) => q?.freeShippingThreshold === 800,
      'the new order service to ask for the settings',
    );
    expect(fresh).toMatchObject({ subtotal: 1000, shipping: 0 });
  });

  it('is for admins only', async () => {
    expect((await http.get('/admin2009/settings')).status).toBe(401);
    expect((await http.patch('/admin2009/settings', { maintenanceMode: true })).status).toBe(401);
    expect((await http.get(`/auth/me`, (await register()).body.token)).status).toBe(200);
  });
});
