import { databaseUrl } from '@shop/kit';
import { EVENTS, OrderCancelledEvent, PaymentRefundedEvent, toPaise } from '@shop/proto';
import { createHmac } from 'node:crypto';
import { Client } from 'pg';
import { SANDBOX_KEYS } from '../../services/payment/src/config/payment-config';
import type { Backend } from '../harness/backend';
import { adminToken } from './catalog-support';
import { availableStock, checkoutBody, createProduct, Http } from './order-fixtures';
import {
  Bus,
  customerToken,
  deliverCaptured,
  deliverWebhook,
  eventually,
  lateCapturedPayment,
  pause,
  refuseRefunds,
  RefundShop,
  startRefundShop,
  webhookBody,
} from './payment-fixtures';

jest.setTimeout(120_000);

const PAID_TWICE = 'This order has already been paid. This payment will be refunded.';
const NOT_PAYABLE = 'This order can no longer be paid. This payment will be refunded.';

/**
 * Money taken for nothing goes back by itself: a second payment for a paid order, and a payment
 * that came after its order closed, are refunded in full at the (simulated) Razorpay, once, with
 * the real order and catalog services around them. The sandbox's webhooks reach the gateway as
 * Razorpay's would; the refund sweep runs every second.
 */
describe('automatic refunds of payments that paid for nothing', () => {
  let shop: RefundShop;
  let backend: Backend;
  let http: Http;
  let paymentDb: Client;
  let orders: Client;
  let bus: Bus;
  let notebook: string;
  const admin = adminToken();

  const placeOrder = async (token: string, product = notebook, quantity = 2) => {
    const res = await http.post('/orders', checkoutBody([{ product, quantity }]), token);
    expect(res.status).toBe(201);
    return res.body.order as { _id: string; totalAmount: number };
  };
  const orderOf = async (orderId: string, token: string) =>
    (await http.get(`/orders/${orderId}`, token)).body.order;
  const createPayment = async (orderId: string, token: string) => {
    const res = await http.post('/payments/create-order', { orderId }, token);
    expect(res.status).toBe(201);
    return res.body.order as { id: string; amount: number };
  };
  const sandboxPay = async (providerOrderId: string) => {
    const res = await http.post('/payments/sandbox/pay', {
      key: SANDBOX_KEYS.keyId,
      order_id: providerOrderId,
      outcome: 'success',
      method: 'card',
    });
    expect(res.status).toBe(200);
    return res.body as { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
  };
  /** What Checkout would hand the browser for a payment the shopper made. */
  const signed = (providerOrderId: string, paymentId: string) => ({
    razorpay_order_id: providerOrderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: createHmac('sha256', SANDBOX_KEYS.keySecret)
      .update(`${providerOrderId}|${paymentId}`)
      .digest('hex'),
  });
  /** An order paid in the sandbox and verified, as the payment screen does it. */
  const paidOrder = async () => {
    const { token } = customerToken();
    const order = await placeOrder(token);
    const providerOrder = await createPayment(order._id, token);
    const paid = await sandboxPay(providerOrder.id);
    expect((await http.post('/payments/verify', { ...paid, orderId: order._id }, token)).status).toBe(200);
    await eventually(
      async () => (await orderOf(order._id, token)).paymentDetails.status === 'paid',
      'the order to be paid',
    );
    return { token, order, providerOrder, firstPaymentId: paid.razorpay_payment_id };
  };

  const paymentRow = async (paymentId: string) =>
    (
      await paymentDb.query(
        `SELECT status, refund_reason, refund_id, refunded_at, refund_attempts, refund_error FROM payments WHERE id = $1`,
        [paymentId],
      )
    ).rows[0];
  const refundedInSandbox = async (paymentId: string) =>
    (
      await paymentDb.query(
        `SELECT id, amount FROM sandbox_refunds WHERE payment_id = $1 ORDER BY created_at`,
        [paymentId],
      )
    ).rows as { id: string; amount: number }[];
  const untilRefunded = (paymentId: string) =>
    eventually(
      async () => (await paymentRow(paymentId))?.status === 'refunded',
      `${paymentId} to be refunded`,
    );
  const refundEvents = (orderId: string) => bus.of<PaymentRefundedEvent>(EVENTS.paymentRefunded, orderId);
  /** Let a late webhook, a replay or another sweep do whatever it would do before counting. */
  const settle = () => pause(2500);

  beforeAll(async () => {
    shop = await startRefundShop([EVENTS.paymentCaptured, EVENTS.paymentRefunded, EVENTS.orderPaid], {
      // Short, so that a call Razorpay never answers fails within the test.
      RAZORPAY_API_TIMEOUT_MS: '1500',
    });
    ({ backend, http, paymentDb, orders, bus } = shop);
    notebook = await createProduct(http, admin, { name: 'Refund Notebook', price: 450, stock: 1000 });
  });
  afterAll(async () => {
    await shop?.stop();
  });

  it('refunds a second payment for a paid order once, however often its webhooks are replayed, and the order stays paid by the first', async () => {
    const { token, order, providerOrder, firstPaymentId } = await paidOrder();
    const second = await lateCapturedPayment(paymentDb, providerOrder.id, providerOrder.amount);
    const captured = webhookBody('payment.captured', {
      id: second,
      orderId: providerOrder.id,
      amount: providerOrder.amount,
    });

    expect(
      (await deliverWebhook(backend.url, captured, { eventId: 'evt_SecondPayment1' })).body,
    ).toMatchObject({
      processed: true,
    });
    await untilRefunded(second);
    // Razorpay retries the same event, sends order.paid for it too, and the browser verifies it.
    for (let i = 0; i < 3; i++)
      expect(
        (await deliverWebhook(backend.url, captured, { eventId: 'evt_SecondPayment1' })).body.processed,
      ).toBe(false);
    const orderPaid = webhookBody('order.paid', {
      id: second,
      orderId: providerOrder.id,
      amount: providerOrder.amount,
    });
    expect((await deliverWebhook(backend.url, orderPaid)).body.processed).toBe(true);
    expect((await deliverWebhook(backend.url, captured, { eventId: 'evt_SecondPayment2' })).status).toBe(200);
    const verify = await http.post(
      '/payments/verify',
      { ...signed(providerOrder.id, second), orderId: order._id },
      token,
    );
    expect(verify.status).toBe(409);
    expect(verify.body.message).toBe(PAID_TWICE);
    await settle();

    const refunds = await refundedInSandbox(second);
    expect(refunds).toEqual([{ id: expect.stringMatching(/^rfnd_/), amount: providerOrder.amount }]);
    expect(await paymentRow(second)).toMatchObject({
      status: 'refunded',
      refund_reason: 'duplicate',
      refund_id: refunds[0].id,
      refunded_at: expect.any(Date),
    });
    expect(refundEvents(order._id).map((e) => e.data)).toEqual([
      {
        orderId: order._id,
        paymentId: second,
        providerOrderId: providerOrder.id,
        refundId: refunds[0].id,
        amountPaise: toPaise(order.totalAmount),
        reason: 'duplicate',
        refundedAt: expect.any(String),
      },
    ]);
    // The first payment paid the order and keeps it paid; it is not refunded.
    expect(bus.of(EVENTS.paymentCaptured, order._id)).toHaveLength(1);
    expect((await paymentRow(firstPaymentId)).status).toBe('captured');
    expect(await refundedInSandbox(firstPaymentId)).toEqual([]);
    expect((await orderOf(order._id, token)).paymentDetails).toMatchObject({
      status: 'paid',
      paymentId: firstPaymentId,
    });
  });

  it('refunds a payment captured after its order expired, leaving the order cancelled and its stock released', async () => {
    const product = await createProduct(http, admin, { name: 'Expired Refund Pen', price: 300, stock: 10 });
    const { token } = customerToken();
    const order = await placeOrder(token, product, 3);
    expect(await availableStock(http, product)).toBe(7);
    // Checkout is open when the payment window closes.
    const providerOrder = await createPayment(order._id, token);
    await orders.query(`UPDATE orders SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      order._id,
    ]);
    await eventually(
      async () =>
        (await paymentDb.query(`SELECT closed_reason FROM order_amounts WHERE order_id = $1`, [order._id]))
          .rows[0]?.closed_reason === 'expired',
      'the payment service to hear the order expired',
    );
    await eventually(async () => (await availableStock(http, product)) === 10, 'the stock to come back');

    const paid = await sandboxPay(providerOrder.id);
    const verify = await http.post('/payments/verify', { ...paid, orderId: order._id }, token);
    expect(verify.status).toBe(409);
    expect(verify.body.message).toBe(NOT_PAYABLE);
    await untilRefunded(paid.razorpay_payment_id);
    await settle();

    const refunds = await refundedInSandbox(paid.razorpay_payment_id);
    expect(refunds).toEqual([{ id: expect.any(String), amount: toPaise(order.totalAmount) }]);
    expect((await paymentRow(paid.razorpay_payment_id)).refund_reason).toBe('order_closed');
    expect(refundEvents(order._id).map((e) => e.data)).toEqual([
      expect.objectContaining({
        paymentId: paid.razorpay_payment_id,
        refundId: refunds[0].id,
        reason: 'order_closed',
      }),
    ]);
    expect(bus.of(EVENTS.paymentCaptured, order._id)).toHaveLength(0);
    expect(bus.of(EVENTS.orderPaid, order._id)).toHaveLength(0);
    // The order service records the refund when payment.refunded reaches it.
    await eventually(
      async () => (await orderOf(order._id, token)).paymentDetails.status === 'refunded',
      'the order to show the refund',
    );
    expect(await orderOf(order._id, token)).toMatchObject({
      orderStatus: 'Cancelled',
      cancelReason: 'expired',
      paymentDetails: { status: 'refunded' },
    });
    expect(await availableStock(http, product)).toBe(10);
    const webhooks = await paymentDb.query(
      `SELECT event FROM webhook_events WHERE provider_order_id = $1 ORDER BY event`,
      [providerOrder.id],
    );
    expect(webhooks.rows.map((r) => r.event)).toEqual(['order.paid', 'payment.captured', 'refund.processed']);
  });

  it('refunds a payment recorded before the service heard that its order had expired', async () => {
    const shopper = customerToken();
    const orderId = await bus.placeOrder(shopper.userId, 64_000);
    await eventually(
      async () =>
        (await paymentDb.query('SELECT 1 FROM order_amounts WHERE order_id = $1', [orderId])).rowCount === 1,
      'order.placed',
    );
    const providerOrder = await createPayment(orderId, shopper.token);
    const paid = await sandboxPay(providerOrder.id);
    expect((await http.post('/payments/verify', { ...paid, orderId }, shopper.token)).status).toBe(200);
    await eventually(() => bus.of(EVENTS.paymentCaptured, orderId).length === 1, 'payment.captured');

    // The order service expired the order before it had the payment.
    await bus.publish<OrderCancelledEvent>(EVENTS.orderExpired, {
      orderId,
      userId: shopper.userId,
      lines: [],
      reason: 'expired',
      paid: false,
      cancelledAt: new Date().toISOString(),
    });
    await untilRefunded(paid.razorpay_payment_id);
    await eventually(() => refundEvents(orderId).length > 0, 'payment.refunded');
    expect(refundEvents(orderId).map((e) => e.data)).toEqual([
      expect.objectContaining({
        paymentId: paid.razorpay_payment_id,
        amountPaise: 64_000,
        reason: 'order_closed',
      }),
    ]);
    const again = await http.post('/payments/verify', { ...paid, orderId }, shopper.token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(NOT_PAYABLE);
  });

  it('keeps a refund Razorpay refuses due, logs each failure, and refunds it once Razorpay accepts', async () => {
    const { order, providerOrder } = await paidOrder();
    const second = await lateCapturedPayment(paymentDb, providerOrder.id, providerOrder.amount);
    const accept = await refuseRefunds(paymentDb, second);
    expect((await deliverCaptured(backend.url, providerOrder, second)).status).toBe(200);

    await eventually(
      async () => (await paymentRow(second)).refund_attempts >= 2,
      'the refused refund to be tried again',
    );
    expect(await paymentRow(second)).toMatchObject({
      status: 'refund_due',
      refund_error: '400 Only captured payments can be refunded',
    });
    // The log line follows the attempt's row update through the process's output pipe.
    await eventually(
      async () =>
        backend
          .logs('payment')
          .includes(`refund of payment ${second} (order ${order._id}) failed on attempt 2`),
      'the second failure to be logged',
    );
    expect(backend.logs('payment')).toContain(
      `refund of payment ${second} (order ${order._id}) failed on attempt 1`,
    );
    expect(refundEvents(order._id)).toHaveLength(0);

    await accept();
    await untilRefunded(second);
    await settle();
    expect(await refundedInSandbox(second)).toHaveLength(1);
    expect(refundEvents(order._id)).toHaveLength(1);
  });

  it('makes one refund, not two, when Razorpay made it but its answer never came back', async () => {
    const { order, providerOrder } = await paidOrder();
    const second = await lateCapturedPayment(paymentDb, providerOrder.id, providerOrder.amount);
    // Razorpay hangs on this payment: its refund calls time out, then all go through at once.
    const hold = new Client({
      connectionString: databaseUrl(backend.env.DATABASE_URL, backend.databases.payment),
    });
    await hold.connect();
    try {
      await hold.query('BEGIN');
      await hold.query('SELECT 1 FROM sandbox_payments WHERE id = $1 FOR UPDATE', [second]);
      expect((await deliverCaptured(backend.url, providerOrder, second)).status).toBe(200);
      await eventually(
        async () => (await paymentRow(second)).refund_attempts >= 2,
        'a second attempt after a timeout',
      );
      expect(await paymentRow(second)).toMatchObject({
        status: 'refund_due',
        refund_error: 'timeout of 1500ms exceeded',
      });
      await hold.query('COMMIT');
    } finally {
      await hold.end();
    }

    await untilRefunded(second);
    await settle();
    const refunds = await refundedInSandbox(second);
    expect(refunds).toHaveLength(1);
    expect((await paymentRow(second)).refund_id).toBe(refunds[0].id);
    expect(refundEvents(order._id).map((e) => e.data.refundId)).toEqual([refunds[0].id]);
  });
});
