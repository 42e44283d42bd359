import { databaseUrl } from '@shop/kit';
import { toPaise } from '@shop/proto';
import { JSDOM } from 'jsdom';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { Backend, startBackend } from '../harness/backend';
import { api } from '../harness/http';
import { adminToken } from './catalog-support';
import { checkoutBody, createProduct, Http } from './order-fixtures';
import { customerToken, eventually, WEBHOOK_SECRET } from './payment-fixtures';

jest.setTimeout(90_000);

const SANDBOX_KEY_ID = 'rzp_test_sandbox';

/**
 * From "Place order" to a paid order, with the real order service: orders are priced and placed by
 * it, the payment service takes their amount from order.placed (or asks), and the sandbox's
 * webhooks go to the gateway as Razorpay's would.
 */
describe('checkout and payment, end to end', () => {
  let backend: Backend;
  let http: Http;
  let paymentDb: Client;
  let notebook: string;
  const admin = adminToken();

  const placeOrder = async (token: string, body = checkoutBody([{ product: notebook, quantity: 3 }])) => {
    const res = await http.post('/orders', body, token);
    expect(res.status).toBe(201);
    return res.body.order as { _id: string; totalAmount: number };
  };
  const orderOf = async (orderId: string, token: string) =>
    (await http.get(`/orders/${orderId}`, token)).body.order;
  const paymentStatus = async (orderId: string, token: string) =>
    (await orderOf(orderId, token))?.paymentDetails.status as string | undefined;
  const createPayment = async (orderId: string, token: string, extra: Record<string, unknown> = {}) => {
    const res = await http.post('/payments/create-order', { orderId, ...extra }, token);
    expect(res.status).toBe(201);
    return res.body.order as { id: string; key: string; amount: number; currency: string };
  };
  const sandboxPay = (providerOrderId: string, outcome: 'success' | 'failure') =>
    http.post('/payments/sandbox/pay', {
      key: SANDBOX_KEY_ID,
      order_id: providerOrderId,
      outcome,
      method: 'card',
    });

  beforeAll(async () => {
    backend = await startBackend({
      services: ['user', 'catalog', 'order', 'payment'],
      serviceEnv: { payment: { RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET } },
    });
    http = api(backend.url);
    paymentDb = new Client({
      connectionString: databaseUrl(backend.env.DATABASE_URL, backend.databases.payment),
    });
    await paymentDb.connect();
    notebook = await createProduct(http, admin, { name: 'Checkout Notebook', price: 450, stock: 1000 });
  });
  afterAll(async () => {
    await paymentDb?.end();
    await backend?.stop();
  });

  it('places an order, pays it in the sandbox, verifies, and the order shows paid', async () => {
    const { token } = customerToken();
    const order = await placeOrder(token);
    const payment = await createPayment(order._id, token);
    expect(payment).toMatchObject({
      key: SANDBOX_KEY_ID,
      amount: toPaise(order.totalAmount),
      currency: 'INR',
    });

    const paid = await sandboxPay(payment.id, 'success');
    const verified = await http.post('/payments/verify', { ...paid.body, orderId: order._id }, token);
    expect(verified.body).toMatchObject({
      success: true,
      orderId: order._id,
      paymentId: paid.body.razorpay_payment_id,
    });

    await eventually(async () => (await paymentStatus(order._id, token)) === 'paid', 'the order to be paid');
    expect((await orderOf(order._id, token)).paymentDetails).toMatchObject({
      status: 'paid',
      razorpayOrderId: payment.id,
      paymentId: paid.body.razorpay_payment_id,
      amount: order.totalAmount,
    });
  });

  it('charges what the server priced, whatever prices, totals and amounts the browser sends', async () => {
    const { token } = customerToken();
    const honest = await placeOrder(token);
    const tampered = await placeOrder(
      token,
      checkoutBody([{ product: notebook, quantity: 3 }], {
        totalAmount: 1,
        discountAmount: 1300,
        paymentDetails: { status: 'paid', amount: 1, currency: 'INR' },
      }),
    );
    expect(tampered.totalAmount).toBe(honest.totalAmount);
    const payment = await createPayment(tampered._id, token, {
      amount: 1,
      currency: 'USD',
      notes: { discount: 1349, couponCode: 'BULK20' },
    });
    expect(payment.amount).toBe(toPaise(honest.totalAmount));
    expect(payment.currency).toBe('INR');
  });

  it('marks the order paid from the webhooks alone when the browser never comes back', async () => {
    const { token } = customerToken();
    const order = await placeOrder(token);
    const payment = await createPayment(order._id, token);
    expect((await sandboxPay(payment.id, 'success')).status).toBe(200);
    await eventually(
      async () => (await paymentStatus(order._id, token)) === 'paid',
      'the webhook to pay the order',
    );
    const { rows } = await paymentDb.query(
      `SELECT event FROM webhook_events WHERE provider_order_id = $1 ORDER BY event`,
      [payment.id],
    );
    expect(rows.map((r) => r.event)).toEqual(['order.paid', 'payment.captured']);
  });

  it('shows a failed attempt as failed, and paid after the shopper pays again', async () => {
    const { token } = customerToken();
    const order = await placeOrder(token);
    const payment = await createPayment(order._id, token);
    expect((await sandboxPay(payment.id, 'failure')).body.error.description).toBe('Payment failed');
    await eventually(async () => (await paymentStatus(order._id, token)) === 'failed', 'the failure webhook');
    const again = await createPayment(order._id, token);
    expect(again.id).toBe(payment.id);
    const paid = await sandboxPay(payment.id, 'success');
    expect((await http.post('/payments/verify', { ...paid.body, orderId: order._id }, token)).status).toBe(
      200,
    );
    await eventually(async () => (await paymentStatus(order._id, token)) === 'paid', 'the order to be paid');
  });

  it('asks the order service for an order whose order.placed has not arrived yet, with its answers', async () => {
    const shopper = customerToken();
    const order = await placeOrder(shopper.token);
    await eventually(
      async () =>
        (await paymentDb.query('SELECT 1 FROM order_amounts WHERE order_id = $1', [order._id])).rowCount ===
        1,
      'order.placed',
    );
    // As if the event were still on its way.
    await paymentDb.query('DELETE FROM order_amounts WHERE order_id = $1', [order._id]);

    const stranger = await http.post('/payments/create-order', { orderId: order._id }, customerToken().token);
    expect(stranger.status).toBe(403);
    expect(stranger.body.message).toBe('You do not have permission to pay for this order');
    expect((await createPayment(order._id, shopper.token)).amount).toBe(toPaise(order.totalAmount));

    const unknown = await http.post('/payments/create-order', { orderId: randomUUID() }, shopper.token);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Order not found');
  });

  it('refuses to take money for an order staff cancelled', async () => {
    const { token } = customerToken();
    const order = await placeOrder(token);
    const cancelled = await http.patch(`/admin2009/orders/${order._id}`, { orderStatus: 'Cancelled' }, admin);
    expect(cancelled.status).toBe(200);
    await eventually(
      async () =>
        (await paymentDb.query('SELECT closed_reason FROM order_amounts WHERE order_id = $1', [order._id]))
          .rows[0]?.closed_reason === 'cancelled',
      'order.cancelled',
    );
    const res = await http.post('/payments/create-order', { orderId: order._id }, token);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This order can no longer be paid');
  });

  it('owes back a payment verified while its order closed, however the close and the verify meet', async () => {
    const { token } = customerToken();
    const order = await placeOrder(token);
    const providerOrder = await createPayment(order._id, token);
    // Stands in for a closing order (order.cancelled): it holds the provider order locked while it
    // closes the order, and the verify waits for it.
    const closing = new Client({
      connectionString: databaseUrl(backend.env.DATABASE_URL, backend.databases.payment),
    });
    await closing.connect();
    try {
      await closing.query('BEGIN');
      await closing.query('SELECT 1 FROM provider_orders WHERE order_id = $1 FOR UPDATE', [order._id]);
      const paid = await sandboxPay(providerOrder.id, 'success');
      expect(paid.status).toBe(200);
      const verify = http.post('/payments/verify', { ...paid.body, orderId: order._id }, token);
      await eventually(
        async () =>
          (
            await paymentDb.query(
              `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'START TRANSACTION;%'`,
            )
          ).rows[0].n > 0,
        'the verify to wait for the lock',
      );
      await closing.query(`UPDATE order_amounts SET closed_reason = 'cancelled' WHERE order_id = $1`, [order._id]);
      await closing.query('COMMIT');

      // The close committed while the verify waited: it is seen, and the money is owed back.
      const answer = await verify;
      expect({ status: answer.status, message: answer.body.message }).toEqual({
        status: 409,
        message: 'This order can no longer be paid. This payment will be refunded.',
      });
      const { rows } = await paymentDb.query(`SELECT refund_reason FROM payments WHERE order_id = $1`, [order._id]);
      expect(rows).toEqual([{ refund_reason: 'order_closed' }]);
      expect(await paymentStatus(order._id, token)).not.toBe('paid');
    } finally {
      await closing.end();
    }
  });

  it('pays through the stand-in checkout script in a page, as the payment screen does', async () => {
    const { token } = customerToken();
    const order = await placeOrder(token);
    const payment = await createPayment(order._id, token);
    const config = (await http.get('/payments/config')).body;

    const dom = new JSDOM('<!doctype html><html><head></head><body></body></html>', {
      url: `${backend.url}/payment`,
      runScripts: 'dangerously',
      resources: 'usable',
      beforeParse: (window) => Object.assign(window, { fetch }),
    });
    const window = dom.window as typeof dom.window & { Razorpay: any };
    const script = window.document.createElement('script');
    script.src = new URL(config.checkoutScriptUrl, backend.url).toString();
    const loaded = new Promise((resolve, reject) => {
      script.onload = resolve;
      script.onerror = reject;
    });
    window.document.head.appendChild(script);
    await loaded;

    const result = new Promise<Record<string, string>>((resolve) => {
      new window.Razorpay({
        key: payment.key,
        amount: payment.amount,
        currency: payment.currency,
        order_id: payment.id,
        name: 'MS & Jaksh',
        handler: resolve,
      }).open();
    });
    const pay = [...window.document.querySelectorAll('button')].find((b) =>
      b.textContent!.startsWith('Pay'),
    )!;
    pay.click();
    const signed = await result;
    const verified = await http.post('/payments/verify', { ...signed, orderId: order._id }, token);
    expect(verified.status).toBe(200);
    await eventually(async () => (await paymentStatus(order._id, token)) === 'paid', 'the order to be paid');
    window.close();
  });
});
