import {
  EVENTS,
  OrderRefundView,
  PaymentCapturedEvent,
  PaymentRefundedEvent,
  toPaise,
  toRupees,
} from '@shop/proto';
import { Client } from 'pg';
import type { Backend } from '../harness/backend';
import { adminToken } from './catalog-support';
import { availableStock, checkoutBody, createProduct, Http } from './order-fixtures';
import {
  Bus,
  createPaymentOrder,
  customerToken,
  deliverWebhook,
  eventually,
  holdEvents,
  lateCapturedPayment,
  pause,
  RefundShop,
  sandboxPay,
  startRefundShop,
  webhookBody,
} from './payment-fixtures';

jest.setTimeout(120_000);

/**
 * The order service records what the payment service refunds (`payment.refunded`) on the order
 * the storefront and the back office read: a refunded duplicate leaves the order paid by its first
 * payment; a payment that came after the order was cancelled or expired leaves the order cancelled,
 * its payment status `refunded` and its stock released once. The real catalog, order and payment
 * services run against the simulated Razorpay, whose refunds the payment service sweeps every second.
 */
describe('refunds on the order', () => {
  let shop: RefundShop;
  let backend: Backend;
  let http: Http;
  let paymentDb: Client;
  let orders: Client;
  let bus: Bus;
  const admin = adminToken();

  const placeOrder = async (token: string, product: string, quantity: number) => {
    const res = await http.post('/orders', checkoutBody([{ product, quantity }]), token);
    expect(res.status).toBe(201);
    return res.body.order as { _id: string; totalAmount: number };
  };
  const storefrontView = async (orderId: string, token: string) =>
    (await http.get(`/orders/${orderId}`, token)).body.order;
  const backOfficeView = async (orderId: string) =>
    (await http.get(`/admin2009/orders/${orderId}`, admin)).body.order;
  const refundEvents = (orderId: string) => bus.of<PaymentRefundedEvent>(EVENTS.paymentRefunded, orderId);
  /** The refund as the order's views list it, from the payment service's event. */
  const listed = (e: PaymentRefundedEvent): OrderRefundView => ({
    amount: toRupees(e.amountPaise),
    reason: e.reason,
    refundedAt: e.refundedAt,
    paymentId: e.paymentId,
    refundId: e.refundId,
  });
  const closedInPaymentService = (orderId: string, reason: string) =>
    eventually(
      async () =>
        (await paymentDb.query(`SELECT closed_reason FROM order_amounts WHERE order_id = $1`, [orderId]))
          .rows[0]?.closed_reason === reason,
      `the payment service to hear the order was ${reason}`,
    );
  /** A refund call Razorpay leaves unanswered is retried after the payment service's API timeout. */
  const REFUND_WAIT_MS = 30_000;
  /** Lets a replayed event or another sweep do whatever it would do before counting. */
  const settle = () => pause(2500);

  beforeAll(async () => {
    shop = await startRefundShop([
      EVENTS.paymentCaptured,
      EVENTS.paymentRefunded,
      EVENTS.orderPaid,
      EVENTS.orderCancelled,
      EVENTS.orderExpired,
    ]);
    ({ backend, http, paymentDb, orders, bus } = shop);
  });
  afterAll(async () => {
    await shop?.stop();
  });

  it('keeps an order paid by its first payment and lists the refunded duplicate once', async () => {
    const product = await createProduct(http, admin, {
      name: 'Duplicate Refund Diary',
      price: 450,
      stock: 10,
    });
    const { token } = customerToken();
    const order = await placeOrder(token, product, 2);
    const providerOrder = await createPaymentOrder(http, order._id, token);
    const first = await sandboxPay(http, providerOrder.id);
    expect((await http.post('/payments/verify', { ...first, orderId: order._id }, token)).status).toBe(200);
    await eventually(
      async () => (await storefrontView(order._id, token)).paymentDetails.status === 'paid',
      'the order to be paid',
    );

    const second = await lateCapturedPayment(paymentDb, providerOrder.id, providerOrder.amount);
    const captured = webhookBody('payment.captured', {
      id: second,
      orderId: providerOrder.id,
      amount: providerOrder.amount,
    });
    expect((await deliverWebhook(backend.url, captured)).status).toBe(200);
    await eventually(() => refundEvents(order._id).length === 1, 'payment.refunded', REFUND_WAIT_MS);
    await eventually(
      async () => (await storefrontView(order._id, token)).refunds.length === 1,
      'the refund to be on the order',
    );
    const [refund] = refundEvents(order._id).map((e) => e.data);
    // The same refund announced again under another event id is still one refund.
    await bus.publish<PaymentRefundedEvent>(EVENTS.paymentRefunded, refund);
    await settle();

    expect(refund).toMatchObject({
      paymentId: second,
      reason: 'duplicate',
      amountPaise: toPaise(order.totalAmount),
    });
    // Paid and not yet processed: Processing to its shopper, Pending in the back office's queue.
    for (const [view, orderStatus] of [
      [await storefrontView(order._id, token), 'Processing'],
      [await backOfficeView(order._id), 'Pending'],
    ] as const) {
      expect(view).toMatchObject({
        orderStatus,
        paymentDetails: { status: 'paid', paymentId: first.razorpay_payment_id },
        refunds: [listed(refund)],
      });
    }
    expect(bus.of(EVENTS.orderPaid, order._id)).toHaveLength(1);
    expect(await availableStock(http, product)).toBe(8);
  });

  it('marks a cancelled order refunded when the payment that came after it is given back, releasing its stock once', async () => {
    const product = await createProduct(http, admin, {
      name: 'Cancelled Refund Lamp',
      price: 300,
      stock: 10,
    });
    const { token } = customerToken();
    const order = await placeOrder(token, product, 3);
    // Checkout is open when staff cancel the order.
    const providerOrder = await createPaymentOrder(http, order._id, token);
    const cancel = await http.patch(`/admin2009/orders/${order._id}`, { orderStatus: 'Cancelled' }, admin);
    expect(cancel.status).toBe(200);
    await closedInPaymentService(order._id, 'cancelled');
    await eventually(async () => (await availableStock(http, product)) === 10, 'the stock to come back');

    const paid = await sandboxPay(http, providerOrder.id);
    expect((await http.post('/payments/verify', { ...paid, orderId: order._id }, token)).status).toBe(409);
    await eventually(
      async () => (await storefrontView(order._id, token)).paymentDetails.status === 'refunded',
      'the order to show the refund',
      REFUND_WAIT_MS,
    );
    await settle();

    const refunds = refundEvents(order._id).map((e) => e.data);
    expect(refunds).toEqual([
      expect.objectContaining({ paymentId: paid.razorpay_payment_id, reason: 'order_closed' }),
    ]);
    for (const view of [await storefrontView(order._id, token), await backOfficeView(order._id)]) {
      expect(view).toMatchObject({
        orderStatus: 'Cancelled',
        cancelReason: 'staff',
        paymentDetails: { status: 'refunded', paymentId: null, paidAt: null },
        refunds: [listed(refunds[0])],
      });
    }
    expect(bus.of(EVENTS.orderCancelled, order._id)).toHaveLength(1);
    expect(bus.of(EVENTS.orderPaid, order._id)).toHaveLength(0);
    expect(await availableStock(http, product)).toBe(10);
  });

  it('leaves an expired order cancelled and refunded when its payment was captured before the payment service heard of the expiry', async () => {
    const product = await createProduct(http, admin, { name: 'Late Refund Mug', price: 250, stock: 10 });
    const { token } = customerToken();
    const order = await placeOrder(token, product, 4);
    const providerOrder = await createPaymentOrder(http, order._id, token);

    // The order service hears of the payment only after it has expired the order, and after the
    // payment service has refunded the payment it first took as paying the order.
    const release = await holdEvents(backend, 'order');
    try {
      const paid = await sandboxPay(http, providerOrder.id);
      expect((await http.post('/payments/verify', { ...paid, orderId: order._id }, token)).status).toBe(200);
      await eventually(() => bus.of(EVENTS.paymentCaptured, order._id).length === 1, 'payment.captured');
      await orders.query(`UPDATE orders SET expires_at = now() - interval '1 second' WHERE id = $1`, [
        order._id,
      ]);
      await eventually(() => bus.of(EVENTS.orderExpired, order._id).length === 1, 'order.expired');
      await eventually(() => refundEvents(order._id).length === 1, 'payment.refunded', REFUND_WAIT_MS);
      await eventually(async () => (await availableStock(http, product)) === 10, 'the stock to come back');
    } finally {
      await release();
    }
    await eventually(
      async () => (await storefrontView(order._id, token)).paymentDetails.status === 'refunded',
      'the order to show the refund',
      REFUND_WAIT_MS,
    );
    await settle();

    const [captured] = bus.of<PaymentCapturedEvent>(EVENTS.paymentCaptured, order._id);
    const paymentId = captured.data.paymentId;
    const refunds = refundEvents(order._id).map((e) => e.data);
    expect(refunds).toEqual([expect.objectContaining({ paymentId, reason: 'order_closed' })]);
    for (const view of [await storefrontView(order._id, token), await backOfficeView(order._id)]) {
      expect(view).toMatchObject({
        orderStatus: 'Cancelled',
        cancelReason: 'expired',
        paymentDetails: { status: 'refunded', paymentId, paidAt: expect.any(String) },
        refunds: [listed(refunds[0])],
      });
    }
    expect(bus.of(EVENTS.orderPaid, order._id)).toHaveLength(0);
    expect(bus.of(EVENTS.orderExpired, order._id)).toHaveLength(1);
    expect(await availableStock(http, product)).toBe(10);
    await eventually(
      () =>
        backend
          .logs('order')
          .includes(`payment ${paymentId} came after order ${order._id} was cancelled (expired)`),
      'the late payment to be logged',
    );
    expect(backend.logs('order')).not.toContain('due a refund');
  });
});
