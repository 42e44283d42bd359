import { databaseUrl } from '@shop/kit';
import {
  CartClearedEvent,
  EVENTS,
  ORDER_MESSAGES,
  OrderCancelledEvent,
  OrderPaidEvent,
  OrderPlacedEvent,
  PaymentCapturedEvent,
} from '@shop/proto';
import { Client } from 'pg';
import { Backend, startBackend } from '../harness/backend';
import { api } from '../harness/http';
import { adminToken } from './catalog-support';
import { availableStock, catalogDb, checkoutBody, createProduct, Http, orderDb } from './order-fixtures';
import { Bus, customerToken, eventually, pause, WEBHOOK_SECRET } from './payment-fixtures';

jest.setTimeout(180_000);

/** A short payment window, as the expiry test has it, so an online order expires within the test. */
const TTL_SECONDS = 4;

const COD = { paymentDetails: { paymentMethod: 'cod' } };

/**
 * Cash on delivery end to end: checkout takes it within the back office's settings, the order holds
 * its stock without a payment window, the payment service never takes money for it online, and
 * staff record what happened at the door: paid (the stock leaves, the sale counts) or refused (the
 * stock comes back, nothing counts).
 */
describe('cash on delivery', () => {
  let backend: Backend;
  let http: Http;
  let orders: Client;
  let catalog: Client;
  let cartDb: Client;
  let bus: Bus;
  const admin = adminToken();
  let lamp: string;

  beforeAll(async () => {
    backend = await startBackend({
      services: ['user', 'catalog', 'cart', 'order', 'payment', 'admin-reporting'],
      env: { RATE_LIMIT_PER_MINUTE: '100000' },
      serviceEnv: {
        order: { ORDER_PAYMENT_TTL_MINUTES: String(TTL_SECONDS / 60), ORDER_EXPIRY_SWEEP_SECONDS: '1' },
        payment: { RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET },
      },
    });
    http = api(backend.url);
    orders = await orderDb(backend);
    catalog = await catalogDb(backend);
    cartDb = new Client({ connectionString: databaseUrl(backend.env.DATABASE_URL, backend.databases.cart) });
    await cartDb.connect();
    bus = await Bus.open(backend.namespace, [
      EVENTS.orderPlaced,
      EVENTS.orderPaid,
      EVENTS.orderCancelled,
      EVENTS.cartCleared,
    ]);
    lamp = await createProduct(http, admin, { name: 'Brass Desk Lamp', price: 500, stock: 1000 });
  });
  afterAll(async () => {
    await bus?.close();
    await cartDb?.end();
    await catalog?.end();
    await orders?.end();
    await backend?.stop();
  });

  const placeCod = async (token: string, quantity = 1, extra: Record<string, unknown> = {}) => {
    const res = await http.post(
      '/orders',
      checkoutBody([{ product: lamp, quantity }], { ...COD, ...extra }),
      token,
    );
    expect(res.status).toBe(201);
    return res.body.order;
  };
  const view = async (id: string) => (await http.get(`/admin2009/orders/${id}`, admin)).body.order;
  const outcome = (id: string, body: unknown, token = admin) =>
    http.post(`/admin2009/orders/${id}/cash-on-delivery`, body, token);
  const ship = async (id: string) => {
    for (const to of ['Processing', 'Shipped'])
      expect((await http.patch(`/admin2009/orders/${id}`, { orderStatus: to }, admin)).status).toBe(200);
  };
  const reservation = async (orderId: string) =>
    (await catalog.query(`SELECT status FROM stock_reservations WHERE order_id = $1`, [orderId])).rows[0]
      ?.status;
  const revenue = async () => ({
    dashboard: (await http.get('/admin2009/dashboard', admin)).body.totalRevenue as number,
    orders: (await http.get('/admin2009/orders', admin)).body.summary.totalRevenue as number,
  });
  const revenueIs = async (expected: number) => {
    const now = await revenue();
    return Math.abs(now.dashboard - expected) < 0.005 && Math.abs(now.orders - expected) < 0.005;
  };
  /** Settings as the back office saves them, waited for until checkout prices express at `marker` rupees. */
  const settle = async (changes: Record<string, unknown>, marker: number) => {
    expect(
      (await http.patch('/admin2009/settings', { ...changes, expressShippingCost: marker }, admin)).status,
    ).toBe(200);
    const { token } = customerToken();
    await eventually(
      async () =>
        (
          await http.post(
            '/orders/quote',
            { products: [{ product: lamp, quantity: 1 }], shippingMethod: 'express' },
            token,
          )
        ).body.quote?.shipping === marker,
      'the order service to apply the settings',
    );
  };

  describe('at checkout', () => {
    it('is placed without payment: Processing to its shopper (Pending for staff), payment pending, method cod, its stock reserved', async () => {
      const { token, userId } = customerToken();
      const before = await availableStock(http, lamp);
      const order = await placeCod(token, 2);
      expect((await view(order._id)).orderStatus).toBe('Pending');
      expect(order).toMatchObject({
        orderStatus: 'Processing',
        user: { _id: userId },
        paymentDetails: { status: 'pending', paymentMethod: 'cod', razorpayOrderId: null, paymentId: null },
      });
      expect(await availableStock(http, lamp)).toBe(before - 2);
      expect(await reservation(order._id)).toBe('reserved');
      expect((await http.get(`/orders/${order._id}`, token)).body.order.paymentDetails.paymentMethod).toBe(
        'cod',
      );
    });

    it('takes cod in any case, and says so in order.placed with no payment window', async () => {
      const { token } = customerToken();
      const order = await placeCod(token, 1, { paymentDetails: { paymentMethod: ' COD ' } });
      expect(order.paymentDetails.paymentMethod).toBe('cod');
      await eventually(() => bus.of(EVENTS.orderPlaced, order._id).length === 1, 'order.placed');
      expect(bus.of<OrderPlacedEvent>(EVENTS.orderPlaced, order._id)[0].data).toMatchObject({
        paymentMethod: 'cod',
        shippingMethod: 'standard',
        expiresAt: null,
      });
      const { rows } = await orders.query(`SELECT expires_at FROM orders WHERE id = $1`, [order._id]);
      expect(rows[0].expires_at).toBeNull();
    });

    it("empties the customer's cart as it is placed; what they add after stays when it is paid at the door", async () => {
      const { token, userId } = customerToken();
      await eventually(
        async () => (await http.post('/cart', { productId: lamp, quantity: 2 }, token)).status === 200,
        'the cart to know the product',
      );
      const order = await placeCod(token, 2);
      await eventually(
        async () => (await http.get('/cart', token)).body.cart.items.length === 0,
        'the cart to clear',
      );
      // The cart's event leaves through its outbox after the cart is emptied: it may come a moment later.
      const cleared = () =>
        bus.seen
          .filter((e) => e.type === EVENTS.cartCleared && (e.data as CartClearedEvent).userId === userId)
          .map((e) => e.data);
      await eventually(async () => cleared().length > 0, 'cart.cleared');
      expect(cleared()).toEqual([
        expect.objectContaining({ reason: 'order-placed', orderId: order._id, lineCount: 1 }),
      ]);

      expect((await http.post('/cart', { productId: lamp, quantity: 1 }, token)).status).toBe(200);
      await ship(order._id);
      expect((await outcome(order._id, { outcome: 'paid' })).status).toBe(200);
      await eventually(() => bus.of(EVENTS.orderPaid, order._id).length === 1, 'order.paid');
      const paidEvent = bus.of(EVENTS.orderPaid, order._id)[0];
      await eventually(
        async () =>
          (await cartDb.query(`SELECT 1 FROM inbox WHERE event_id = $1`, [paidEvent.id])).rowCount === 1,
        'the cart to handle order.paid',
      );
      expect((await http.get('/cart', token)).body.cart.items).toEqual([
        expect.objectContaining({ quantity: 1 }),
      ]);
    });

    it('never expires, while an online order placed beside it does', async () => {
      const { token } = customerToken();
      const cod = await placeCod(token);
      const online = (await http.post('/orders', checkoutBody([{ product: lamp, quantity: 1 }]), token)).body
        .order;
      await eventually(
        async () => (await view(online._id)).orderStatus === 'Cancelled',
        'the online order to expire',
        20_000,
      );
      await pause(TTL_SECONDS * 1000);
      expect(await view(cod._id)).toMatchObject({
        orderStatus: 'Pending',
        cancelReason: null,
        paymentDetails: { status: 'pending', paymentMethod: 'cod' },
      });
      expect(await reservation(cod._id)).toBe('reserved');
    });

    it("cannot be paid online: create-order answers 409 'This order can no longer be paid'", async () => {
      const { token } = customerToken();
      const order = await placeCod(token);
      await eventually(() => bus.of(EVENTS.orderPlaced, order._id).length === 1, 'order.placed');
      const res = await http.post('/payments/create-order', { orderId: order._id }, token);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(ORDER_MESSAGES.notPayable);
      expect((await view(order._id)).paymentDetails).toMatchObject({
        status: 'pending',
        razorpayOrderId: null,
      });
    });
  });

  describe('staff record the outcome at the door', () => {
    it('paid: a Shipped order is paid and Delivered, order.paid (cod) commits its stock', async () => {
      const { token, userId } = customerToken();
      const order = await placeCod(token, 3);
      await ship(order._id);
      const res = await outcome(order._id, { outcome: 'paid' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        success: true,
        order: {
          _id: order._id,
          orderStatus: 'Delivered',
          estimatedDelivery: null,
          paymentDetails: { status: 'paid', paymentMethod: 'cod' },
        },
      });
      expect(res.body.order.paymentDetails.paidAt).toEqual(expect.any(String));
      expect(res.body.order.statusHistory.map((h: { status: string }) => h.status)).toEqual([
        'Pending',
        'Processing',
        'Shipped',
        'Delivered',
      ]);
      await eventually(() => bus.of(EVENTS.orderPaid, order._id).length === 1, 'order.paid');
      expect(bus.of<OrderPaidEvent>(EVENTS.orderPaid, order._id)[0].data).toMatchObject({
        orderId: order._id,
        userId,
        totalPaise: Math.round(order.totalAmount * 100),
        paymentMethod: 'cod',
        paymentId: `cod_${order._id}`,
        lines: [expect.objectContaining({ productId: lamp, quantity: 3 })],
      });
      await eventually(
        async () => (await reservation(order._id)) === 'committed',
        'the stock to be committed',
      );
    });

    it('paid before it shipped: paid now, its status left for staff to move on', async () => {
      const order = await placeCod(customerToken().token);
      const res = await outcome(order._id, { outcome: 'paid' });
      expect(res.status).toBe(200);
      expect(res.body.order).toMatchObject({ orderStatus: 'Pending', paymentDetails: { status: 'paid' } });
      await ship(order._id);
      expect(
        (await http.patch(`/admin2009/orders/${order._id}`, { orderStatus: 'Delivered' }, admin)).status,
      ).toBe(200);
    });

    it('refused: cancelled with reason refused, payment cancelled, order.cancelled puts the stock back', async () => {
      const before = await availableStock(http, lamp);
      const order = await placeCod(customerToken().token, 4);
      expect(await availableStock(http, lamp)).toBe(before - 4);
      await ship(order._id);
      const res = await outcome(order._id, { outcome: 'refused' });
      expect(res.status).toBe(200);
      expect(res.body.order).toMatchObject({
        orderStatus: 'Cancelled',
        cancelReason: 'refused',
        paymentDetails: { status: 'cancelled', paymentMethod: 'cod', paidAt: null },
      });
      await eventually(() => bus.of(EVENTS.orderCancelled, order._id).length === 1, 'order.cancelled');
      expect(bus.of<OrderCancelledEvent>(EVENTS.orderCancelled, order._id)[0].data).toMatchObject({
        reason: 'refused',
        paid: false,
      });
      await eventually(async () => (await availableStock(http, lamp)) === before, 'the stock to come back');
      expect(await reservation(order._id)).toBe('released');
      expect(bus.of(EVENTS.orderPaid, order._id)).toEqual([]);
    });

    it('counts in the dashboard, the orders screen and the payment report once paid, never while pending or once refused', async () => {
      // The dashboard's read model has caught up with the orders paid so far.
      await eventually(async () => {
        const now = await revenue();
        return Math.abs(now.dashboard - now.orders) < 0.005;
      }, 'the dashboard to catch up');
      const start = await revenue();
      const paid = await placeCod(customerToken().token, 2);
      const refused = await placeCod(customerToken().token, 5);
      const waiting = await placeCod(customerToken().token, 1);
      await eventually(
        () => [paid, refused, waiting].every((o) => bus.of(EVENTS.orderPlaced, o._id).length === 1),
        'order.placed',
      );
      await pause(1000);
      expect(await revenueIs(start.dashboard)).toBe(true);

      await ship(paid._id);
      expect((await outcome(paid._id, { outcome: 'paid' })).status).toBe(200);
      expect((await outcome(refused._id, { outcome: 'refused' })).status).toBe(200);
      await eventually(
        () => revenueIs(start.dashboard + paid.totalAmount),
        'the paid order to count',
        30_000,
      );
      await pause(1000);
      expect(await revenueIs(start.dashboard + paid.totalAmount)).toBe(true);

      const report = (await http.get('/admin2009/reports?type=sales&period=7d', admin)).body;
      expect(report.payments.captured).toContainEqual(expect.objectContaining({ method: 'cod' }));
    });

    it('refuses an order paid online with 409 and the message, changing nothing', async () => {
      const { token } = customerToken();
      const online = (await http.post('/orders', checkoutBody([{ product: lamp, quantity: 1 }]), token)).body
        .order;
      const res = await outcome(online._id, { outcome: 'paid' });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(ORDER_MESSAGES.notCashOnDelivery);
      expect((await view(online._id)).paymentDetails.status).not.toBe('paid');
    });

    it('refuses an outcome recorded already, either way, with 409', async () => {
      const paid = await placeCod(customerToken().token);
      expect((await outcome(paid._id, { outcome: 'paid' })).status).toBe(200);
      for (const again of ['paid', 'refused']) {
        const res = await outcome(paid._id, { outcome: again });
        expect(res.status).toBe(409);
        expect(res.body.message).toBe(ORDER_MESSAGES.codSettled);
      }
      const refused = await placeCod(customerToken().token);
      expect((await outcome(refused._id, { outcome: 'refused' })).status).toBe(200);
      expect((await outcome(refused._id, { outcome: 'paid' })).body).toMatchObject({
        status: 409,
        message: ORDER_MESSAGES.codSettled,
      });
      await pause(500);
      expect(bus.of(EVENTS.orderPaid, refused._id)).toEqual([]);
    });

    it('will not record a Delivered parcel as refused', async () => {
      const order = await placeCod(customerToken().token);
      await ship(order._id);
      await http.patch(`/admin2009/orders/${order._id}`, { orderStatus: 'Delivered' }, admin);
      const res = await outcome(order._id, { outcome: 'refused' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('A Delivered order cannot be changed');
    });

    it("refuses a bad outcome with 'Outcome must be paid or refused', an unknown order, and anyone but staff", async () => {
      const order = await placeCod(customerToken().token);
      for (const body of [{}, { outcome: 'lost' }, { outcome: 7 }]) {
        const res = await outcome(order._id, body);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(ORDER_MESSAGES.codOutcome);
      }
      // An id that cannot name an order names none.
      for (const id of ['not-an-id', '00000000-0000-4000-8000-000000000000'])
        expect((await outcome(id, { outcome: 'paid' })).body).toMatchObject({
          status: 404,
          message: ORDER_MESSAGES.orderNotFound,
        });
      expect((await outcome(order._id, { outcome: 'paid' }, customerToken().token)).status).toBe(401);
      expect((await view(order._id)).paymentDetails.status).toBe('pending');
    });
  });

  describe('online payments', () => {
    it('order.paid names the method the payment was made with', async () => {
      const order = (
        await http.post('/orders', checkoutBody([{ product: lamp, quantity: 1 }]), customerToken().token)
      ).body.order;
      await bus.publish<PaymentCapturedEvent>(EVENTS.paymentCaptured, {
        orderId: order._id,
        paymentId: 'pay_cod_test_upi',
        providerOrderId: 'order_cod_test_upi',
        amountPaise: Math.round(order.totalAmount * 100),
        method: 'upi',
        capturedAt: new Date().toISOString(),
      });
      await eventually(() => bus.of(EVENTS.orderPaid, order._id).length === 1, 'order.paid');
      expect(bus.of<OrderPaidEvent>(EVENTS.orderPaid, order._id)[0].data).toMatchObject({
        paymentMethod: 'upi',
        paymentId: 'pay_cod_test_upi',
      });
    });
  });

  describe('the back office settings take effect on the next checkout', () => {
    afterAll(() => settle({ codEnabled: true, codLimit: 10_000 }, 200));

    it("off: refused with 409 'Cash on delivery is not available at the moment', nothing written", async () => {
      await settle({ codEnabled: false }, 210);
      const { token, userId } = customerToken();
      const before = await availableStock(http, lamp);
      const res = await http.post('/orders', checkoutBody([{ product: lamp, quantity: 1 }], COD), token);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        message: ORDER_MESSAGES.codUnavailable,
        errors: [{ field: 'paymentDetails.paymentMethod', message: ORDER_MESSAGES.codUnavailable }],
      });
      const { rows } = await orders.query(`SELECT count(*)::int AS n FROM orders WHERE user_id = $1`, [
        userId,
      ]);
      expect(rows[0].n).toBe(0);
      expect(await availableStock(http, lamp)).toBe(before);
      // Paying online is still open to the shopper.
      expect((await http.post('/orders', checkoutBody([{ product: lamp, quantity: 1 }]), token)).status).toBe(
        201,
      );
    });

    it('a lowered limit: an order over it is refused naming the limit, coupon and all given back; one under it is taken', async () => {
      await settle({ codEnabled: true, codLimit: 1500 }, 220);
      const { token, userId } = customerToken();
      // 3 x 500 = 1500, less 10%, free shipping, GST: well over 1500.
      const over = await http.post(
        '/orders',
        checkoutBody([{ product: lamp, quantity: 3 }], { ...COD, coupon: 'WELCOME10' }),
        token,
      );
      expect(over.status).toBe(409);
      expect(over.body.message).toBe(
        'Cash on delivery is available for orders up to ₹1,500. Please pay online.',
      );
      const written = await orders.query(
        `SELECT (SELECT count(*)::int FROM orders WHERE user_id = $1) AS orders,
                (SELECT count(*)::int FROM coupon_redemptions WHERE user_id = $1) AS redemptions`,
        [userId],
      );
      expect(written.rows[0]).toEqual({ orders: 0, redemptions: 0 });
      // 500 + 99 shipping + 18% GST = 707.
      const under = await http.post('/orders', checkoutBody([{ product: lamp, quantity: 1 }], COD), token);
      expect(under.status).toBe(201);
      expect(under.body.order).toMatchObject({ totalAmount: 707, paymentDetails: { paymentMethod: 'cod' } });
    });

    it('a new express cost prices the next checkout', async () => {
      await settle({}, 275);
      const res = await http.post(
        '/orders',
        checkoutBody([{ product: lamp, quantity: 1 }], { ...COD, shippingMethod: 'express' }),
        customerToken().token,
      );
      expect(res.status).toBe(201);
      // 500 + 275 express + 18% GST on both (139.5, whole rupees: 140) = 915.
      expect(res.body.order).toMatchObject({
        shippingMethod: 'express',
        shipping: 275,
        tax: 140,
        totalAmount: 915,
      });
    });
  });
});
