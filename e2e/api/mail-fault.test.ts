import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import { Backend, startBackend, TEST_ADMIN } from '../harness/backend';
import { api } from '../harness/http';
import type { InboxMail } from '../harness/mailbox';
import { verifyEmail } from '../harness/verification';
import { adminToken } from './catalog-support';
import { orderNumberOf as numberOf } from './mail-support';
import { checkoutBody, createProduct, Http, orderDb, SELLER_GSTIN } from './order-fixtures';
import { eventually, pause, placePaidOrder } from './payment-fixtures';

jest.setTimeout(600_000);

const ORDERS = 200;
const SHOPPERS = 10;
const MAILDEV_DOWN_MS = 30_000;

/**
 * The fault test: 200 orders are paid while maildev is stopped for 30 s and the mail sender
 * (the user service) is killed with SIGKILL in the middle, and killed again while it delivers the
 * backlog once maildev is back. Afterwards each paid order has exactly one confirmation (its invoice
 * attached), one staff mail and one invoice, and the invoice numbers run without a gap.
 */
describe('mail and invoices through a stopped mail server and a killed mail sender', () => {
  let backend: Backend;
  let http: Http;
  let orders: Client;
  const admin = adminToken();

  beforeAll(async () => {
    backend = await startBackend({
      // Retries come back quickly once maildev is up again, so the test waits seconds, not minutes.
      serviceEnv: { user: { MAIL_RETRY_BASE_MS: '500', MAIL_RETRY_MAX_MS: '5000' } },
    });
    http = api(backend.url);
    orders = await orderDb(backend);
  });
  afterAll(async () => {
    await orders?.end();
    await backend?.stop();
  });

  it('sends each paid order exactly one confirmation with its invoice and one staff mail, and numbers the invoices without a gap', async () => {
    const seller = SELLER_GSTIN;
    const saved = await http.patch(
      '/admin2009/settings',
      { businessState: 'Maharashtra', gstNumber: seller },
      admin,
    );
    expect(saved.status).toBe(200);
    await eventually(async () => {
      const { rows } = await orders.query(
        `SELECT data->>'gstNumber' AS gstin FROM shop_settings WHERE id = 1`,
      );
      return rows[0]?.gstin === seller;
    }, 'the order service to hold the GSTIN');
    const product = await createProduct(http, admin, {
      price: 250,
      stock: ORDERS * 2,
      name: 'Fault-test diary',
    });

    const shoppers: { email: string; token: string }[] = [];
    for (let i = 0; i < SHOPPERS; i += 1) {
      const email = `fault-${i}-${randomUUID().slice(0, 8)}@example.com`;
      const res = await http.post('/auth/register', {
        username: `fault${i}${randomUUID().slice(0, 6)}`,
        email,
        password: 'Shopper@12345',
      });
      expect(res.status).toBe(201);
      await verifyEmail(http, backend, email);
      shoppers.push({ email, token: res.body.token });
    }

    const mailbox = backend.mailbox!;
    await mailbox.stop();
    const maildevBack = pause(MAILDEV_DOWN_MS).then(() => mailbox.start());

    const paid: { orderId: string; email: string }[] = [];
    let killed: Promise<void> | null = null;
    const checkout = async ({ email, token }: { email: string; token: string }) => {
      const order = await placePaidOrder(http, token, checkoutBody([{ product, quantity: 1 }]));
      paid.push({ orderId: order._id, email });
      // Half way through, the mail sender dies mid-work (SIGKILL) and is started again.
      if (paid.length === ORDERS / 2 && !killed) {
        killed = backend.kill('user', 'SIGKILL').then(() => backend.restart('user'));
      }
    };
    await Promise.all(
      shoppers.map(async (shopper) => {
        for (let n = 0; n < ORDERS / SHOPPERS; n += 1) await checkout(shopper);
      }),
    );
    await killed;
    await maildevBack;
    expect(paid).toHaveLength(ORDERS);
    // And once more while the sender is delivering the backlog: some mails are half sent.
    await mailbox.waitFor({ subject: /^Order #\w{8} confirmed/ }, { count: ORDERS / 4, timeoutMs: 120_000 });
    await backend.kill('user', 'SIGKILL');
    await backend.restart('user');

    const confirmations = await mailbox.waitFor(
      { subject: /^Order #\w{8} confirmed/ },
      { count: ORDERS, timeoutMs: 180_000 },
    );
    const staffMails = await mailbox.waitFor(
      { to: TEST_ADMIN.email, subject: /^New order #\w{8}/ },
      { count: ORDERS, timeoutMs: 60_000 },
    );
    // Anything sent twice would arrive together with the rest: give stragglers a moment.
    await pause(3000);
    const inbox = await mailbox.all();
    const named = (mails: InboxMail[], orderId: string) =>
      mails.filter((m) => m.subject.includes(numberOf(orderId)));
    const all = (pattern: RegExp) => inbox.filter((m) => pattern.test(m.subject));
    expect(all(/^Order #\w{8} confirmed/)).toHaveLength(ORDERS);
    expect(all(/^New order #\w{8}/)).toHaveLength(ORDERS);

    for (const { orderId, email } of paid) {
      const [confirmation, ...twice] = named(confirmations, orderId);
      expect(twice).toHaveLength(0);
      expect(confirmation.to.map((a) => a.address)).toEqual([email]);
      expect(confirmation.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
      expect(named(staffMails, orderId)).toHaveLength(1);
    }

    const { rows } = await orders.query<{ order_id: string; number: string }>(
      `SELECT order_id, number FROM order_documents WHERE kind = 'invoice' ORDER BY number`,
    );
    expect(rows).toHaveLength(ORDERS);
    expect(new Set(rows.map((r) => r.order_id))).toEqual(new Set(paid.map((p) => p.orderId)));
    const serials = rows.map((r) => Number(r.number.slice(r.number.lastIndexOf('/') + 1)));
    expect(serials).toEqual(Array.from({ length: ORDERS }, (_, i) => i + 1));
    // Every number names its series and year once, within GST's 16 characters.
    for (const { number } of rows) expect(number).toMatch(/^INV\/\d{2}-\d{2}\/\d{6}$/);
  });
});
