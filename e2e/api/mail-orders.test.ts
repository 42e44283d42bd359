import { randomUUID } from 'node:crypto';
import { Backend, startBackend } from '../harness/backend';
import { api } from '../harness/http';
import type { InboxMail } from '../harness/mailbox';
import { verifyEmail } from '../harness/verification';
import { adminToken } from './catalog-support';
import { checkoutBody, createProduct, Http, SELLER, SELLER_GSTIN } from './order-fixtures';
import { orderNumberOf as numberOf } from './mail-support';
import { eventually, payOrder } from './payment-fixtures';

jest.setTimeout(240_000);

const rupees = (amount: number) =>
  `₹${amount.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * What the shop writes to its shoppers and staff as an order goes along, read from maildev as they
 * would read it: the confirmation with the order's figures and its tax invoice attached, the staff
 * mail, status mails, the refund with its credit note, cash on delivery's mails, and the low-stock
 * mail with auto reorder's request.
 */
describe('the mails an order brings', () => {
  let backend: Backend;
  let http: Http;
  const admin = adminToken();

  beforeAll(async () => {
    backend = await startBackend({
      serviceEnv: { payment: { PAYMENT_REFUND_SWEEP_SECONDS: '1' } },
    });
    http = api(backend.url);
    const saved = await http.patch('/admin2009/settings', SELLER, admin);
    expect(saved.status).toBe(200);
    await eventually(
      async () => (await http.get('/settings/public')).body?.settings?.gstNumber === SELLER_GSTIN,
      'the settings to reach the gateway',
    );
  });
  afterAll(async () => {
    await backend?.stop();
  });

  /** A customer who registered and opened their verification link. */
  async function shopper(): Promise<{ email: string; token: string }> {
    const email = `mail-${randomUUID().slice(0, 8)}@example.com`;
    const res = await http.post('/auth/register', {
      username: `m${randomUUID().slice(0, 10)}`,
      email,
      password: 'Shopper@12345',
    });
    expect(res.status).toBe(201);
    await verifyEmail(http, backend, email);
    return { email, token: res.body.token };
  }

  const one = async (to: string, subject: RegExp): Promise<InboxMail> => {
    const [mail] = await backend.mailbox!.waitFor({ to, subject }, { timeoutMs: 60_000 });
    return mail;
  };

  const staffMove = async (orderId: string, change: Record<string, unknown>) => {
    const res = await http.patch(`/admin2009/orders/${orderId}`, change, admin);
    expect(res.status).toBe(200);
  };

  it('confirms a paid order with its lines, customisation, coupon, shipping, GST, total and address, the tax invoice attached, and tells staff', async () => {
    const { email, token } = await shopper();
    const product = await createProduct(http, admin, { price: 400, stock: 50, name: 'Leather-bound diary' });
    const placed = await http.post(
      '/orders',
      checkoutBody([{ product, quantity: 3, customization: { size: 'A5', comments: 'Logo on the cover' } }], {
        coupon: 'WELCOME10',
        shippingMethod: 'express',
      }),
      token,
    );
    expect(placed.status).toBe(201);
    const order = placed.body.order;
    await payOrder(http, order._id, token);

    const mail = await one(email, new RegExp(`^Order ${numberOf(order._id)} confirmed`));
    const text = mail.text ?? '';
    for (const expected of [
      'Leather-bound diary',
      'A5',
      'Logo on the cover',
      'WELCOME10',
      rupees(order.discountAmount),
      'Express',
      rupees(order.shipping),
      rupees(order.tax),
      rupees(order.totalAmount),
      '12 MG Road',
      'Pune',
      `/confirmation/${order._id}`,
    ])
      expect(text).toContain(expected);
    expect(text).toMatch(/\b3\b/);
    expect(mail.html).toContain('Leather-bound diary');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0].contentType).toBe('application/pdf');
    expect(mail.attachments[0].fileName ?? mail.attachments[0].filename).toMatch(
      /^INV-\d{2}-\d{2}-\d{6}\.pdf$/,
    );
    const source = await backend.mailbox!.source(mail.id);
    expect(source).toMatch(/^Reply-To: .*accounts@msjaksh\.example/im);
    expect(source).toContain('MS & Jaksh');

    const staff = await one(SELLER.businessEmail, new RegExp(`^New order ${numberOf(order._id)}`));
    expect(staff.text).toContain(email);
    expect(staff.text).toContain('Leather-bound diary');

    await staffMove(order._id, { orderStatus: 'Processing' });
    await staffMove(order._id, { trackingNumber: 'DTDC-884211' });
    await staffMove(order._id, { orderStatus: 'Shipped' });
    const shipped = await one(email, new RegExp(`^Your order ${numberOf(order._id)} has shipped`));
    expect(shipped.text).toContain('DTDC-884211');
    await staffMove(order._id, { orderStatus: 'Delivered' });
    await one(email, new RegExp(`^Your order ${numberOf(order._id)} was delivered`));
  });

  it('tells the shopper of a paid order staff cancel, then of its refund with the amount, when it arrives and the credit note', async () => {
    const { email, token } = await shopper();
    const product = await createProduct(http, admin, { price: 700, stock: 20, name: 'Brass desk clock' });
    const placed = await http.post('/orders', checkoutBody([{ product, quantity: 1 }]), token);
    expect(placed.status).toBe(201);
    const order = placed.body.order;
    await payOrder(http, order._id, token);
    await one(email, new RegExp(`^Order ${numberOf(order._id)} confirmed`));

    await staffMove(order._id, { orderStatus: 'Cancelled' });
    await one(email, new RegExp(`^Your order ${numberOf(order._id)} was cancelled`));
    const refund = await one(email, new RegExp(`^Refund of .* for your order ${numberOf(order._id)}`));
    expect(refund.subject).toContain(rupees(order.totalAmount));
    expect(refund.text).toMatch(/5.7 working days/);
    expect(refund.attachments.map((a) => a.fileName ?? a.filename)).toEqual([
      expect.stringMatching(/^CN-\d{2}-\d{2}-\d{6}\.pdf$/),
    ]);
  });

  it('writes to the shopper and staff when a cash-on-delivery order is placed, sends its invoice when it ships, and says when it was refused', async () => {
    const { email, token } = await shopper();
    const product = await createProduct(http, admin, { price: 300, stock: 20, name: 'Canvas tote bag' });
    const cod = checkoutBody([{ product, quantity: 2 }], { paymentDetails: { paymentMethod: 'cod' } });
    const placed = await http.post('/orders', cod, token);
    expect(placed.status).toBe(201);
    const order = placed.body.order;
    const confirmation = await one(
      email,
      new RegExp(`^Order ${numberOf(order._id)} placed: .* to pay on delivery`),
    );
    expect(confirmation.attachments).toHaveLength(0);
    await one(
      SELLER.businessEmail,
      new RegExp(`^New order ${numberOf(order._id)}: .*\\(cash on delivery\\)`),
    );

    await staffMove(order._id, { orderStatus: 'Processing' });
    await staffMove(order._id, { orderStatus: 'Shipped' });
    const shipped = await one(email, new RegExp(`^Your order ${numberOf(order._id)} has shipped`));
    expect(shipped.attachments.map((a) => a.fileName ?? a.filename)).toEqual([
      expect.stringMatching(/^INV-\d{2}-\d{2}-\d{6}\.pdf$/),
    ]);

    const second = await http.post('/orders', cod, token);
    expect(second.status).toBe(201);
    const refused = await http.post(
      `/admin2009/orders/${second.body.order._id}/cash-on-delivery`,
      { outcome: 'refused' },
      admin,
    );
    expect(refused.status).toBe(200);
    await one(email, new RegExp(`^Your order ${numberOf(second.body.order._id)} was cancelled`));
  });

  it("tells staff once when a product's stock falls to its threshold, with the reorder auto reorder opened", async () => {
    const saved = await http.patch(
      '/admin2009/settings',
      { autoReorderEnabled: true, autoReorderQuantity: 40, lowStockThreshold: 10 },
      admin,
    );
    expect(saved.status).toBe(200);
    const { token } = await shopper();
    const product = await createProduct(http, admin, { price: 120, stock: 12, name: 'Enamel pin set' });
    for (const quantity of [3, 1]) {
      const placed = await http.post('/orders', checkoutBody([{ product, quantity }]), token);
      expect(placed.status).toBe(201);
      await payOrder(http, placed.body.order._id, token);
    }
    const [low] = await backend.mailbox!.waitFor(
      { to: SELLER.businessEmail, subject: /^Low stock: Enamel pin set/ },
      { timeoutMs: 60_000 },
    );
    expect(low.text).toContain('40');
    await new Promise((r) => setTimeout(r, 1500));
    const lowMails = (await backend.mailbox!.all()).filter((m) =>
      m.subject.startsWith('Low stock: Enamel pin set'),
    );
    expect(lowMails).toHaveLength(1);
  });
});
