import { databaseUrl } from '@shop/kit';
import { Client } from 'pg';
import { Backend, startBackend } from '../harness/backend';
import { api } from '../harness/http';
import { adminToken } from './catalog-support';
import { checkoutBody, createProduct, Http } from './order-fixtures';
import { createPaymentOrder, customerToken, eventually, sandboxPay, WEBHOOK_SECRET } from './payment-fixtures';

jest.setTimeout(180_000);

const SHOPPERS = 6;

/**
 * Seen during a fault run: the payment service was replaced while a shopper's payment was being
 * verified, the request ran again on the new process, and the shopper was told "Order has already
 * been paid" for a payment that had succeeded. A service now drains on SIGTERM, and a redelivered
 * verify finds the order paid by the payment it reports and answers success again.
 */
describe('verifying payments while the payment service is replaced', () => {
  let backend: Backend;
  let http: Http;
  let payments: Client;
  let product: string;

  beforeAll(async () => {
    backend = await startBackend({
      services: ['user', 'catalog', 'order', 'payment'],
      // Long enough for the verifies still queued to wait out the restart.
      env: { RATE_LIMIT_PER_MINUTE: '1000000', RPC_TIMEOUT_MS: '45000' },
      // Info, for the drain's own account of the shutdown.
      serviceEnv: { payment: { RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET, LOG_LEVEL: 'info' } },
    });
    http = api(backend.url);
    payments = new Client({ connectionString: databaseUrl(backend.env.DATABASE_URL, backend.databases.payment) });
    await payments.connect();
    product = await createProduct(http, adminToken(), { name: 'Rollout Diary', price: 250, stock: 1000 });
  });

  /** Payments the verifies have recorded so far. */
  const recordedPayments = async () =>
    (await payments.query(`SELECT count(*)::int AS n FROM payments`)).rows[0].n as number;

  afterAll(async () => {
    await payments?.end();
    await backend?.stop();
  });

  it("answers every shopper's verify with success and pays each order exactly once", async () => {
    const shoppers = await Promise.all(
      Array.from({ length: SHOPPERS }, async () => {
        const { token } = customerToken();
        const placed = await http.post('/orders', checkoutBody([{ product, quantity: 1 }]), token);
        expect(placed.status).toBe(201);
        const orderId = placed.body.order._id as string;
        const providerOrder = await createPaymentOrder(http, orderId, token);
        return { token, orderId, paid: await sandboxPay(http, providerOrder.id) };
      }),
    );

    const verifies = shoppers.map(({ token, orderId, paid }) => http.post('/payments/verify', { ...paid, orderId }, token));
    // SIGTERM in the middle of the stream: once the first verify has recorded its payment.
    await eventually(async () => (await recordedPayments()) > 0, 'a verify to record its payment', 30_000);
    await backend.kill('payment', 'SIGTERM');
    // The restart starts a new log, so the drain is read from the replaced process's log here.
    const replacedLog = backend.logs('payment');
    await backend.restart('payment');
    const answers = await Promise.all(verifies);

    for (const answer of answers) expect({ status: answer.status, body: answer.body }).toMatchObject({ status: 200, body: { success: true } });
    for (const { token, orderId } of shoppers) {
      await eventually(
        async () => (await http.get(`/orders/${orderId}`, token)).body.order?.paymentDetails.status === 'paid',
        `order ${orderId} to be paid`,
      );
    }
    const { rows } = await payments.query<{ order_id: string; captured: number }>(
      `SELECT order_id, count(*)::int AS captured FROM payments WHERE status = 'captured' GROUP BY order_id`,
    );
    expect(rows.map((r) => r.captured)).toEqual(Array(SHOPPERS).fill(1));
    expect(replacedLog).toMatch(/draining on SIGTERM: \d+ RPCs [\s\S]*drained in \d+ ms/);
  });
});
