import { databaseUrl } from '@shop/kit';
import {
  EMAIL_VERIFICATION_FIELD,
  emailNotVerifiedMessage,
  EVENTS,
  FACTORY_SETTINGS,
  ORDER_MESSAGES,
  PAYMENT_MESSAGES,
  type ReorderView,
  type ServiceName,
  type ShopSettings,
  storefrontSettingsOf,
  type StockLowEvent,
  tooManyLoginAttempts,
} from '@shop/proto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from 'pg';
import { Backend, startBackend, TEST_ADMIN } from '../harness/backend';
import { api } from '../harness/http';
import type { InboxMail } from '../harness/mailbox';
import { verifyEmail } from '../harness/verification';
import { adminToken, customerToken, eventually } from './back-office-support';
import { handledByUserService, mailsQueuedFor, orderNumberOf as numberOf } from './mail-support';
import {
  BENGALURU,
  checkoutBody,
  createProduct,
  downloadDocument,
  type Http,
  issuedDocument,
  SELLER_GSTIN,
} from './order-fixtures';
import { Bus, createPaymentOrder, placePaidOrder, WEBHOOK_SECRET } from './payment-fixtures';

jest.setTimeout(180_000);

const PASSWORD = 'Secret@123';
const MAINTENANCE_MESSAGE = 'The shop is under maintenance. Please try again soon.';
const MAHARASHTRA_GSTIN = SELLER_GSTIN;
/** What a live Razorpay key looks like; Razorpay itself is never reached from here. */
const LIVE_KEY = {
  razorpayKeyId: 'rzp_live_EverySetting1',
  razorpayKeySecret: 'live-secret-every-setting-0001',
};

/** Where each service keeps its copy of the settings, and the column saying as of when. */
const REPLICAS: Partial<Record<ServiceName, { table: string; asOf: string }>> = {
  user: { table: 'shop_settings', asOf: 'occurred_at' },
  order: { table: 'shop_settings', asOf: 'occurred_at' },
  cart: { table: 'shipping_settings', asOf: 'settings_at' },
  catalog: { table: 'shop_settings', asOf: 'occurred_at' },
  payment: { table: 'payment_settings', asOf: 'as_of' },
};

type SettingKey = keyof ShopSettings;

/** A mail's text with its line breaks and runs of spaces as single spaces (the text part wraps). */
const textOf = (mail: InboxMail) => (mail.text ?? '').replace(/\s+/g, ' ');

/**
 * Stands where the payment service's HTTPS traffic goes (`https_proxy`): it records whom a tunnel
 * was asked to and refuses it, so a live call to Razorpay is seen leaving and goes nowhere.
 */
class TunnelRecorder {
  readonly asked: string[] = [];
  private readonly server: Server = createServer((_req, res) => res.writeHead(405).end());

  async start(): Promise<string> {
    this.server.on('connect', (req, socket) => {
      this.asked.push(req.url ?? '');
      socket.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * Every setting of the back office's Settings screen, changed through `PATCH /api/admin2009/settings`
 * and shown to take effect in what a shopper, staff or an operator sees: the storefront's public
 * settings, checkout and its quote, mail as delivered to maildev over SMTP, invoices downloaded as
 * PDFs, sign-in, the payment configuration the browser gets, reorder requests. One backend of all
 * six services; each test changes what it shows, waits until every service holds the change, and
 * its changes are put back after it.
 */
describe('every setting of the back office takes effect', () => {
  let backend: Backend;
  let http: Http;
  let bus: Bus;
  const tunnels = new TunnelRecorder();
  const databases = new Map<ServiceName, Client>();
  const admin = adminToken();
  /** One shopper with a verified address, who places the orders. */
  const shopper = { email: 'every.setting@example.com', token: '' };
  /** One product at ₹500 for every order and quote. */
  let notebook: string;
  /** The values each test changed, as they were before it: put back after it. */
  let changed: Partial<Record<SettingKey, unknown>> = {};
  const covered = new Set<SettingKey>();
  let seq = 0;

  const mailbox = () => backend.mailbox!;
  const users = () => databases.get('user')!;

  /**
   * Saves settings as the screen does and waits until every service holds them (each replica as of
   * this change, the gateway's public settings and maintenance switch), so what a test shows next
   * is the change's doing.
   */
  async function save(changes: Partial<Record<SettingKey, unknown>>): Promise<Record<string, unknown>> {
    const res = await http.patch('/admin2009/settings', changes, admin);
    if (res.status !== 200) throw new Error(`settings refused: ${res.status} ${JSON.stringify(res.body)}`);
    const { settings, updatedAt } = res.body;
    const storefront = JSON.stringify(storefrontSettingsOf(settings));
    await eventually(
      async () => {
        const behind: string[] = [];
        for (const [service, { table, asOf }] of Object.entries(REPLICAS)) {
          const { rows } = await databases
            .get(service as ServiceName)!
            .query(`SELECT ${asOf} >= $1::timestamptz AS held FROM ${table} WHERE id = 1`, [updatedAt]);
          if (!rows[0]?.held) behind.push(service);
        }
        const shown = (await http.get('/settings/public')).body.settings;
        const open = (await http.get(`/products/${notebook}`)).status !== 503;
        if (JSON.stringify(shown) !== storefront || open === settings.maintenanceMode) behind.push('gateway');
        return behind;
      },
      (behind) => behind.length === 0,
      'every service to hold the settings',
    );
    return settings;
  }

  /** Changes settings for this test only: their values before are put back after it. */
  async function change(changes: Partial<Record<SettingKey, unknown>>): Promise<Record<string, unknown>> {
    const before = (await http.get('/admin2009/settings', admin)).body.settings;
    for (const key of Object.keys(changes) as SettingKey[])
      // The shop starts without a key secret, and null clears the one a test stored.
      if (!(key in changed)) changed[key] = key === 'razorpayKeySecret' ? null : before[key];
    return save(changes);
  }

  /** One test per setting, named for the effect it shows; the guard below counts them. */
  function setting(key: SettingKey, effect: string, show: () => Promise<void>): void {
    covered.add(key);
    it(`${key}: ${effect}`, show);
  }

  const register = (password = PASSWORD) => {
    seq += 1;
    const username = `setting_${seq}_${Date.now().toString(36)}`;
    return http.post('/auth/register', { username, email: `${username}@example.com`, password });
  };

  const quote = async (quantity: number, shippingMethod: 'standard' | 'express' = 'standard') => {
    const res = await http.post(
      '/orders/quote',
      { products: [{ product: notebook, quantity }], shippingMethod },
      shopper.token,
    );
    expect(res.status).toBe(200);
    return res.body.quote;
  };

  const publicSettings = async () => (await http.get('/settings/public')).body.settings;

  /** A cash-on-delivery order of the shared product: placed without payment, mailed at once. */
  const codOrder = async (quantity = 1) =>
    http.post(
      '/orders',
      checkoutBody([{ product: notebook, quantity }], { paymentDetails: { paymentMethod: 'cod' } }),
      shopper.token,
    );

  const placedCodOrder = async (): Promise<string> => {
    const res = await codOrder();
    expect(res.status).toBe(201);
    return res.body.order._id;
  };

  const paidOrder = (extra: Record<string, unknown> = {}) =>
    placePaidOrder(http, shopper.token, checkoutBody([{ product: notebook, quantity: 1 }], extra));

  /** The shopper's confirmation of an order paid online, delivered with its invoice or receipt. */
  const confirmation = async (orderId: string): Promise<InboxMail> =>
    (
      await mailbox().waitFor({
        to: shopper.email,
        subject: `Order ${numberOf(orderId)} confirmed: thank you for your payment`,
      })
    )[0];

  /** The order's invoice or receipt as its customer downloads it. */
  const documentOf = async (orderId: string, kind: 'invoice' | 'receipt') => {
    const issued = await issuedDocument(http, orderId, shopper.token, kind);
    const file = await downloadDocument(backend.url, `/orders/${orderId}/documents/${kind}`, shopper.token);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    return { number: issued.number, text: file.text };
  };

  const moveOrder = async (orderId: string, orderStatus: string) => {
    const res = await http.patch(`/admin2009/orders/${orderId}`, { orderStatus }, admin);
    expect(res.status).toBe(200);
  };

  /** The ids of the events of this type about this order (or product) the bus has carried. */
  const eventIds = (type: string, about: string, where: (data: any) => boolean = () => true) =>
    bus.seen
      .filter((e) => e.type === type && [(e.data as any).orderId, (e.data as any).productId].includes(about))
      .filter((e) => where(e.data))
      .map((e) => e.id);

  /** Waits for the event, then for the user service to handle it: what it queued is then all it ever sends. */
  const handled = async (type: string, about: string, where?: (data: any) => boolean): Promise<string> => {
    const [id] = await eventually(
      async () => eventIds(type, about, where),
      (ids) => ids.length === 1,
      `${type} for ${about}`,
    );
    await handledByUserService(users(), [id]);
    return id;
  };

  const mailKindsQueuedFor = async (eventId: string) =>
    (await mailsQueuedFor(users(), eventId)).map((m) => m.kind);

  const setStock = async (productId: string, stock: number) => {
    const res = await http.patch(`/admin2009/products/${productId}`, { stock }, admin);
    expect(res.status).toBe(200);
  };

  const lowStockEvents = (productId: string) =>
    bus.seen
      .filter((e) => e.type === EVENTS.stockLow && (e.data as StockLowEvent).productId === productId)
      .map((e) => e.data as StockLowEvent);

  /** Staff's low-stock mail, at ADMIN_EMAIL while the settings name no business e-mail. */
  const lowStockMail = async (name: string, stock: number) =>
    (await mailbox().waitFor({ to: TEST_ADMIN.email, subject: `Low stock: ${name} (${stock} left)` }))[0];

  const reordersOf = async (productId: string): Promise<ReorderView[]> => {
    const res = await http.get('/admin2009/reorders', admin);
    expect(res.status).toBe(200);
    return (res.body.reorders as ReorderView[]).filter((r) => r.productId === productId);
  };

  const adminLogin = () => http.post('/admin2009/login', TEST_ADMIN);

  const paymentConfig = async () => (await http.get('/payments/config')).body;

  beforeAll(async () => {
    const proxy = await tunnels.start();
    backend = await startBackend({
      serviceEnv: {
        payment: {
          // Live needs a webhook secret from the environment; its key secret comes from the settings.
          RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
          PAYMENT_REFUND_SWEEP_SECONDS: '1',
          https_proxy: proxy,
        },
      },
    });
    http = api(backend.url);
    for (const service of Object.keys(REPLICAS) as ServiceName[]) {
      const db = new Client({
        connectionString: databaseUrl(backend.env.DATABASE_URL, backend.databases[service]),
      });
      await db.connect();
      databases.set(service, db);
    }
    bus = await Bus.open(backend.namespace, [
      EVENTS.orderPlaced,
      EVENTS.orderStatusChanged,
      EVENTS.orderCancelled,
      EVENTS.orderRefunded,
      EVENTS.stockLow,
    ]);
    const [product, registered] = await Promise.all([
      createProduct(http, admin, { name: 'Every Setting Notebook', price: 500, stock: 100_000 }),
      http.post('/auth/register', { username: 'every_setting', email: shopper.email, password: PASSWORD }),
    ]);
    notebook = product;
    expect(registered.status).toBe(201);
    shopper.token = registered.body.token;
    await verifyEmail(http, backend, shopper.email);
  });

  afterEach(async () => {
    const restore = changed;
    changed = {};
    if (Object.keys(restore).length > 0) await save(restore);
  });

  afterAll(async () => {
    await bus?.close();
    await Promise.all([...databases.values()].map((db) => db.end()));
    await backend?.stop();
    await tunnels.stop();
  });

  // Business details

  setting(
    'businessName',
    'names the shop in the storefront’s contact details, its mails and its invoices',
    async () => {
      const name = 'Shree Ganesh Labels';
      await change({ businessName: name });
      expect((await publicSettings()).businessName).toBe(name);

      expect((await http.post('/auth/forgot-password', { email: shopper.email })).status).toBe(200);
      await mailbox().waitFor({ to: shopper.email, subject: `Reset your ${name} password` });

      const order = await paidOrder();
      expect(textOf(await confirmation(order._id))).toContain(name);
      expect((await documentOf(order._id, 'receipt')).text).toContain(name);
    },
  );

  setting(
    'businessEmail',
    'is where replies to mails go and where staff are mailed, and is printed on invoices',
    async () => {
      const email = 'accounts@shreeganesh.example';
      await change({ businessEmail: email });
      expect((await publicSettings()).businessEmail).toBe(email);

      const order = await paidOrder();
      const mail = await confirmation(order._id);
      expect(await mailbox().source(mail.id)).toMatch(
        new RegExp(`^Reply-To: ${email.replace(/\./g, '\\.')}\\r?$`, 'm'),
      );
      expect(textOf(mail)).toContain(email);
      // Staff hear of the paid order at the business e-mail, no longer at ADMIN_EMAIL.
      await mailbox().waitFor({ to: email, subject: new RegExp(`^New order ${numberOf(order._id)}: `) });
      expect(
        await mailbox().waitFor(
          { to: TEST_ADMIN.email, subject: new RegExp(numberOf(order._id)) },
          { count: 0 },
        ),
      ).toEqual([]);
      expect((await documentOf(order._id, 'receipt')).text).toContain(`E-mail: ${email}`);
    },
  );

  setting(
    'businessPhone',
    'is the phone number in the storefront’s contact details, mails and invoices',
    async () => {
      const phone = '9822000000';
      await change({ businessPhone: phone });
      expect((await publicSettings()).businessPhone).toBe(phone);

      const order = await paidOrder();
      expect(textOf(await confirmation(order._id))).toContain(`Phone: ${phone}`);
      expect((await documentOf(order._id, 'receipt')).text).toContain(`Phone: ${phone}`);
    },
  );

  setting(
    'businessAddress',
    'is the address in the storefront’s contact details, mails and invoices',
    async () => {
      const address = '4 Industrial Estate, Bhosari, Pune';
      await change({ businessAddress: address });
      expect((await publicSettings()).businessAddress).toBe(address);

      const order = await paidOrder();
      expect(textOf(await confirmation(order._id))).toContain(address);
      expect((await documentOf(order._id, 'receipt')).text).toContain(address);
    },
  );

  setting(
    'businessState',
    'charges CGST and SGST to a buyer in the shop’s state and IGST to others, on the invoice',
    async () => {
      await change({ businessState: 'Maharashtra', gstNumber: MAHARASHTRA_GSTIN });
      expect((await publicSettings()).businessState).toBe('Maharashtra');

      const [pune, bengaluru] = await Promise.all([paidOrder(), paidOrder({ shippingAddress: BENGALURU })]);
      const within = (await documentOf(pune._id, 'invoice')).text;
      expect(within).toContain('State: Maharashtra (27)');
      expect(within).toContain('CGST');
      expect(within).toContain('SGST');
      expect(within).not.toContain('IGST');
      const across = (await documentOf(bengaluru._id, 'invoice')).text;
      expect(across).toContain('IGST');
      expect(across).not.toContain('CGST');
    },
  );

  setting(
    'gstNumber',
    'makes a paid order’s document a tax invoice INV/… with the GSTIN while set, a receipt RCT/… while empty',
    async () => {
      const receipt = await documentOf((await paidOrder())._id, 'receipt');
      expect(receipt.number).toMatch(/^RCT\/\d{2}-\d{2}\/\d{6}$/);
      expect(receipt.text).toContain('RECEIPT');
      expect(receipt.text).toContain('The seller is not registered for GST');

      await change({ gstNumber: MAHARASHTRA_GSTIN, businessState: 'Maharashtra' });
      expect((await publicSettings()).gstNumber).toBe(MAHARASHTRA_GSTIN);
      const order = await paidOrder();
      const invoice = await documentOf(order._id, 'invoice');
      expect(invoice.number).toMatch(/^INV\/\d{2}-\d{2}\/\d{6}$/);
      expect(invoice.text).toContain('TAX INVOICE');
      expect(invoice.text).toContain(`GSTIN: ${MAHARASHTRA_GSTIN}`);
      expect(textOf(await confirmation(order._id))).toContain(`GSTIN: ${MAHARASHTRA_GSTIN}`);
    },
  );

  // Notifications

  setting(
    'emailNotifications',
    'off, sends only verification links and password resets; on, order mails again',
    async () => {
      await change({ emailNotifications: false });
      const muted = await placedCodOrder();
      const placed = await handled(EVENTS.orderPlaced, muted);
      expect(await mailKindsQueuedFor(placed)).toEqual([]);

      expect((await http.post('/auth/forgot-password', { email: shopper.email })).status).toBe(200);
      const newcomer = await register();
      expect(newcomer.status).toBe(201);
      await Promise.all([
        mailbox().waitFor({ to: shopper.email, subject: /^Reset your / }),
        mailbox().waitFor({ to: newcomer.body.user.email, subject: /^Verify your e-mail address for / }),
      ]);
      expect(
        await mailbox().waitFor({ to: shopper.email, subject: new RegExp(numberOf(muted)) }, { count: 0 }),
      ).toEqual([]);

      await change({ emailNotifications: true });
      const heard = await placedCodOrder();
      await mailbox().waitFor({
        to: shopper.email,
        subject: new RegExp(`^Order ${numberOf(heard)} placed: `),
      });
    },
  );

  setting(
    'orderNotifications',
    'sends staff a mail of each new order while on, and none while off',
    async () => {
      const announced = await placedCodOrder();
      await mailbox().waitFor({
        to: TEST_ADMIN.email,
        subject: new RegExp(`^New order ${numberOf(announced)}: .+ \\(cash on delivery\\)$`),
      });

      await change({ orderNotifications: false });
      const quiet = await placedCodOrder();
      // The shopper's confirmation is queued with the staff mail, in the same transaction.
      await mailbox().waitFor({ to: shopper.email, subject: new RegExp(`^Order ${numberOf(quiet)} placed`) });
      expect(await mailKindsQueuedFor(await handled(EVENTS.orderPlaced, quiet))).toEqual([
        'order-confirmation',
      ]);
    },
  );

  setting(
    'inventoryAlerts',
    'mails staff when a product’s stock falls to the threshold while on, and not while off',
    async () => {
      const name = 'Inventory Alert Tags';
      const product = await createProduct(http, admin, { name, price: 100, stock: 20 });
      await setStock(product, 10);
      expect(textOf(await lowStockMail(name, 10))).toContain('10 in stock, at or below its threshold of 10');

      await change({ inventoryAlerts: false });
      await setStock(product, 20);
      await setStock(product, 9);
      const second = await handled(EVENTS.stockLow, product, (e) => e.stock === 9);
      expect(await mailKindsQueuedFor(second)).toEqual([]);
    },
  );

  setting(
    'customerUpdates',
    'sends shipped, delivered, cancelled and refunded mails while on, and none while off',
    async () => {
      await change({ customerUpdates: false });
      const shippedQuietly = await placedCodOrder();
      await moveOrder(shippedQuietly, 'Processing');
      await moveOrder(shippedQuietly, 'Shipped');
      const cancelledQuietly = await paidOrder();
      await moveOrder(cancelledQuietly._id, 'Cancelled');
      const quiet = await Promise.all([
        handled(EVENTS.orderStatusChanged, shippedQuietly, (e) => e.to === 'Shipped'),
        handled(EVENTS.orderCancelled, cancelledQuietly._id),
        handled(EVENTS.orderRefunded, cancelledQuietly._id),
      ]);
      for (const id of quiet) expect(await mailKindsQueuedFor(id)).toEqual([]);

      await change({ customerUpdates: true });
      await moveOrder(shippedQuietly, 'Delivered');
      const shipped = await placedCodOrder();
      await moveOrder(shipped, 'Processing');
      await moveOrder(shipped, 'Shipped');
      const cancelled = await paidOrder();
      await moveOrder(cancelled._id, 'Cancelled');
      await Promise.all([
        mailbox().waitFor({
          to: shopper.email,
          subject: `Your order ${numberOf(shippedQuietly)} was delivered`,
        }),
        mailbox().waitFor({ to: shopper.email, subject: `Your order ${numberOf(shipped)} has shipped` }),
        mailbox().waitFor({
          to: shopper.email,
          subject: `Your order ${numberOf(cancelled._id)} was cancelled`,
        }),
        mailbox().waitFor({
          to: shopper.email,
          subject: new RegExp(`^Refund of .+ for your order ${numberOf(cancelled._id)}$`),
        }),
      ]);
    },
  );

  // Payments

  setting('razorpayKeyId', 'is the key id the browser’s Checkout gets while payments are live', async () => {
    await change({ ...LIVE_KEY, paymentGatewayLive: true });
    expect(await paymentConfig()).toMatchObject({ mode: 'live', keyId: LIVE_KEY.razorpayKeyId });
    await change({ razorpayKeyId: 'rzp_live_EverySetting2' });
    expect(await paymentConfig()).toMatchObject({ mode: 'live', keyId: 'rzp_live_EverySetting2' });
  });

  setting(
    'razorpayKeySecret',
    'lets payments go live while one is stored, and is never sent back',
    async () => {
      await change({ razorpayKeyId: LIVE_KEY.razorpayKeyId, paymentGatewayLive: true });
      // Live needs a key secret: without one the shop keeps to the sandbox.
      expect(await paymentConfig()).toMatchObject({ mode: 'sandbox' });

      const stored = await change({ razorpayKeySecret: LIVE_KEY.razorpayKeySecret });
      expect(stored).toMatchObject({ razorpayKeySecret: '••••••••0001', razorpayKeySecretSet: true });
      const config = await paymentConfig();
      expect(config).toMatchObject({ mode: 'live', keyId: LIVE_KEY.razorpayKeyId });
      for (const seen of [
        config,
        await publicSettings(),
        (await http.get('/admin2009/settings', admin)).body,
      ])
        expect(JSON.stringify(seen)).not.toContain(LIVE_KEY.razorpayKeySecret);

      await change({ razorpayKeySecret: null });
      expect(await paymentConfig()).toMatchObject({ mode: 'sandbox' });
    },
  );

  setting(
    'paymentGatewayLive',
    'off, checkout pays in the sandbox; on, with Razorpay’s live Checkout and API',
    async () => {
      await change({ ...LIVE_KEY });
      expect(await paymentConfig()).toMatchObject({
        mode: 'sandbox',
        keyId: 'rzp_test_sandbox',
        checkoutScriptUrl: '/api/payments/sandbox/checkout.js',
      });
      const placed = async () =>
        (await http.post('/orders', checkoutBody([{ product: notebook, quantity: 1 }]), shopper.token)).body
          .order._id;
      const inSandbox = await createPaymentOrder(http, await placed(), shopper.token);
      expect(inSandbox.id).toMatch(/^order_/);
      expect(tunnels.asked).toEqual([]);

      await change({ paymentGatewayLive: true });
      expect(await paymentConfig()).toMatchObject({
        mode: 'live',
        keyId: LIVE_KEY.razorpayKeyId,
        checkoutScriptUrl: 'https://checkout.razorpay.com/v1/checkout.js',
      });
      // Razorpay's API is asked for the provider order, and cannot be reached from here.
      const live = await http.post('/payments/create-order', { orderId: await placed() }, shopper.token);
      expect(live.status).toBe(503);
      expect(live.body.message).toBe(PAYMENT_MESSAGES.gatewayUnavailable);
      expect(tunnels.asked).toContain('api.razorpay.com:443');
    },
  );

  // Stock

  setting('lowStockThreshold', 'is the stock at which stock.low and the low-stock mail fire', async () => {
    await change({ lowStockThreshold: 7 });
    const name = 'Threshold Seven Labels';
    const product = await createProduct(http, admin, { name, price: 100, stock: 20 });
    await setStock(product, 8);
    await setStock(product, 7);
    expect(textOf(await lowStockMail(name, 7))).toContain('7 in stock, at or below its threshold of 7');
    // At 8, over the threshold, nothing fired (the catalog publishes in order).
    expect(lowStockEvents(product).map((e) => [e.stock, e.threshold])).toEqual([[7, 7]]);
  });

  setting(
    'autoReorderEnabled',
    'opens a reorder request when stock falls to the threshold while on, and none while off',
    async () => {
      const unordered = await createProduct(http, admin, {
        name: 'No Reorder Badges',
        price: 100,
        stock: 20,
      });
      await setStock(unordered, 10);
      expect(textOf(await lowStockMail('No Reorder Badges', 10))).toContain('Auto reorder is off');
      expect(lowStockEvents(unordered)).toEqual([expect.objectContaining({ reorder: null })]);
      expect(await reordersOf(unordered)).toEqual([]);

      await change({ autoReorderEnabled: true });
      const reordered = await createProduct(http, admin, { name: 'Reorder Badges', price: 100, stock: 20 });
      await setStock(reordered, 10);
      expect(await reordersOf(reordered)).toEqual([
        expect.objectContaining({
          productName: 'Reorder Badges',
          quantity: FACTORY_SETTINGS.autoReorderQuantity,
          status: 'open',
        }),
      ]);
      expect(textOf(await lowStockMail('Reorder Badges', 10))).toContain(
        `reorder request for ${FACTORY_SETTINGS.autoReorderQuantity} units`,
      );
    },
  );

  setting('autoReorderQuantity', 'is the quantity a reorder request asks for', async () => {
    await change({ autoReorderEnabled: true, autoReorderQuantity: 35 });
    const product = await createProduct(http, admin, { name: 'Thirty Five Lanyards', price: 100, stock: 20 });
    await setStock(product, 10);
    expect(await reordersOf(product)).toEqual([expect.objectContaining({ quantity: 35, status: 'open' })]);
    expect(textOf(await lowStockMail('Thirty Five Lanyards', 10))).toContain('reorder request for 35 units');
  });

  // Store

  setting(
    'maintenanceMode',
    'closes the store with 503 and its message while on, the back office staying open',
    async () => {
      await change({ maintenanceMode: true });
      const closed = await http.get(`/products/${notebook}`);
      expect(closed.status).toBe(503);
      expect(closed.body).toMatchObject({ status: 503, message: MAINTENANCE_MESSAGE });
      expect(
        (await http.post('/orders/quote', { products: [{ product: notebook, quantity: 1 }] }, shopper.token))
          .status,
      ).toBe(503);
      expect((await http.get('/admin2009/settings', admin)).status).toBe(200);

      await change({ maintenanceMode: false });
      expect((await http.get(`/products/${notebook}`)).status).toBe(200);
    },
  );

  setting('allowRegistrations', 'refuses new accounts while off, and takes them while on', async () => {
    await change({ allowRegistrations: false });
    const refused = await register();
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Registrations are currently disabled');

    await change({ allowRegistrations: true });
    expect((await register()).status).toBe(201);
  });

  setting(
    'requireEmailVerification',
    'refuses checkout with 409 to an unverified address while on, and takes it while off',
    async () => {
      const account = await register();
      expect(account.status).toBe(201);
      const { token, user } = account.body;
      const order = () => http.post('/orders', checkoutBody([{ product: notebook, quantity: 1 }]), token);
      const refused = await order();
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        message: emailNotVerifiedMessage(user.email),
        errors: [{ field: EMAIL_VERIFICATION_FIELD, message: emailNotVerifiedMessage(user.email) }],
      });

      await change({ requireEmailVerification: false });
      expect((await order()).status).toBe(201);
    },
  );

  // Shipping, tax and cash on delivery

  setting('freeShippingThreshold', 'ships Standard free to orders over it', async () => {
    // ₹1,000 is not over the seeded ₹1,000.
    expect(await quote(2)).toMatchObject({ subtotal: 1000, shipping: 99 });
    await change({ freeShippingThreshold: 900 });
    expect(await quote(2)).toMatchObject({ subtotal: 1000, shipping: 0, freeShippingThreshold: 900 });
    expect(await quote(1)).toMatchObject({ subtotal: 500, shipping: 99 });
    expect((await publicSettings()).freeShippingThreshold).toBe(900);
  });

  setting(
    'standardShippingCost',
    'is what Standard delivery costs under the threshold, in the quote and the cart',
    async () => {
      await change({ standardShippingCost: 150 });
      expect(await quote(1)).toMatchObject({ subtotal: 500, shipping: 150 });
      const token = customerToken();
      await eventually(
        () => http.post('/cart', { productId: notebook, quantity: 1 }, token),
        (res) => res.status === 200,
        'the cart to take the product',
      );
      expect((await http.get('/cart', token)).body.cart).toMatchObject({
        subtotal: 500,
        shipping: 150,
        total: 650,
      });
    },
  );

  setting(
    'expressShippingCost',
    'is what Express delivery costs, even over the free-shipping threshold',
    async () => {
      expect(await quote(1, 'express')).toMatchObject({ shipping: 200 });
      await change({ expressShippingCost: 260 });
      expect(await quote(1, 'express')).toMatchObject({ shipping: 260 });
      expect(await quote(3, 'express')).toMatchObject({ subtotal: 1500, shipping: 260 });
      expect(await quote(3)).toMatchObject({ subtotal: 1500, shipping: 0 });
    },
  );

  setting('defaultTaxRate', 'is the GST rate of the quote', async () => {
    // ₹500 + ₹99 shipping at 18%: ₹108 (whole rupees).
    expect(await quote(1)).toMatchObject({ taxRate: 18, tax: 108, totalAmount: 707 });
    await change({ defaultTaxRate: 12 });
    expect(await quote(1)).toMatchObject({ taxRate: 12, tax: 72, totalAmount: 671 });
  });

  setting(
    'applyTaxToShipping',
    'taxes shipping with the goods while on, and the goods alone while off',
    async () => {
      expect(await quote(1)).toMatchObject({ shipping: 99, tax: 108, totalAmount: 707 });
      await change({ applyTaxToShipping: false });
      expect(await quote(1)).toMatchObject({ shipping: 99, tax: 90, totalAmount: 689 });
    },
  );

  setting(
    'codEnabled',
    'offers cash on delivery at checkout while on, and refuses it while off',
    async () => {
      expect((await codOrder()).status).toBe(201);
      await change({ codEnabled: false });
      expect((await publicSettings()).codEnabled).toBe(false);
      const refused = await codOrder();
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(ORDER_MESSAGES.codUnavailable);
    },
  );

  setting('codLimit', 'refuses cash on delivery for an order over it', async () => {
    await change({ codLimit: 1000 });
    expect((await publicSettings()).codLimit).toBe(1000);
    // 1 x ₹500 with shipping and GST is ₹707; 2 x ₹500 is ₹1,297.
    expect((await codOrder(1)).status).toBe(201);
    const over = await codOrder(2);
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(ORDER_MESSAGES.codOverLimit(1000));
  });

  // Security

  setting('sessionTimeout', 'is the lifetime of a staff sign-in’s token', async () => {
    const lifetime = async () => {
      const res = await adminLogin();
      expect(res.status).toBe(200);
      const claims = JSON.parse(Buffer.from(res.body.token.split('.')[1], 'base64url').toString());
      return claims.exp - claims.iat;
    };
    expect(await lifetime()).toBe(30 * 60);
    await change({ sessionTimeout: 45 });
    expect(await lifetime()).toBe(45 * 60);
  });

  setting('maxLoginAttempts', 'locks an account after that many failed sign-ins', async () => {
    const failTwice = async () => {
      const account = await register();
      for (let i = 0; i < 2; i++)
        expect(
          (await http.post('/auth/login', { identifier: account.body.user.email, password: 'Wrong@1234' }))
            .status,
        ).toBe(401);
      return http.post('/auth/login', { identifier: account.body.user.email, password: PASSWORD });
    };
    expect((await failTwice()).status).toBe(200);
    await change({ maxLoginAttempts: 2 });
    const locked = await failTwice();
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(tooManyLoginAttempts(15));
  });

  setting(
    'requireStrongPasswords',
    'refuses a weak password at registration while on, and takes it while off',
    async () => {
      const weak = await register('password1');
      expect(weak.status).toBe(400);
      expect(weak.body.message).toBe('Password must contain an uppercase letter');
      await change({ requireStrongPasswords: false });
      expect((await register('password1')).status).toBe(201);
    },
  );

  setting(
    'twoFactorAuth',
    'answers a staff sign-in with a two-factor challenge while on, and a session while off',
    async () => {
      const plain = await adminLogin();
      expect(plain.body).toMatchObject({ success: true, token: expect.any(String) });
      await change({ twoFactorAuth: true });
      const challenged = await adminLogin();
      expect(challenged.status).toBe(200);
      expect(challenged.body).toMatchObject({
        success: true,
        twoFactor: 'enrol',
        challenge: expect.any(String),
        qrCode: expect.stringMatching(/^data:image\/png;base64,/),
      });
      expect(challenged.body.token).toBeUndefined();
    },
  );

  it('shows the effect of every setting of the Settings screen (FACTORY_SETTINGS and the key secret)', () => {
    const settings: SettingKey[] = [...(Object.keys(FACTORY_SETTINGS) as SettingKey[]), 'razorpayKeySecret'];
    expect(settings.filter((key) => !covered.has(key))).toEqual([]);
  });
});
