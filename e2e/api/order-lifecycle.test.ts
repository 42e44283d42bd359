import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from 'pg';
import {
  EventEnvelope,
  EVENTS,
  OrderCancelledEvent,
  OrderPaidEvent,
  OrderStatusChangedEvent,
  PaymentCapturedEvent,
  PaymentFailedEvent,
} from '@shop/proto';
import { Backend, startBackend } from '../harness/backend';
import { api } from '../harness/http';
import { verifyEmail } from '../harness/verification';
import { artworkLink, uploadCustomization } from './cart-support';
import { adminToken, pngBytes } from './catalog-support';
import { ADDRESS, availableStock, checkoutBody, createProduct, Http, orderDb } from './order-fixtures';
import { Bus, customerToken, eventually, pause } from './payment-fixtures';

jest.setTimeout(90_000);

describe('after checkout: payments, tracking, the account overview and the back office orders screen', () => {
  let backend: Backend;
  let http: Http;
  let db: Client;
  let bus: Bus;
  const admin = adminToken();
  let planner: string;

  const place = async (token: string, quantity = 1, extra: Record<string, unknown> = {}) => {
    const res = await http.post('/orders', checkoutBody([{ product: planner, quantity }], extra), token);
    expect(res.status).toBe(201);
    return res.body.order;
  };
  const order = async (id: string) => (await http.get(`/admin2009/orders/${id}`, admin)).body.order;
  const captured = (
    o: { _id: string; totalAmount: number },
    paymentId = `pay_${randomUUID().slice(0, 14)}`,
  ): PaymentCapturedEvent => ({
    orderId: o._id,
    paymentId,
    providerOrderId: `order_${o._id.slice(0, 14)}`,
    amountPaise: Math.round(o.totalAmount * 100),
    method: 'upi',
    capturedAt: new Date().toISOString(),
  });
  const failed = (o: { _id: string }): PaymentFailedEvent => ({
    orderId: o._id,
    providerOrderId: `order_${o._id.slice(0, 14)}`,
    reason: 'Payment failed',
  });
  const paymentStatus = async (id: string) => (await order(id)).paymentDetails.status;

  beforeAll(async () => {
    backend = await startBackend({
      services: ['user', 'catalog', 'cart', 'order'],
      env: { UPLOADS_DIR: mkdtempSync(join(tmpdir(), 'order-uploads-')) },
    });
    http = api(backend.url);
    db = await orderDb(backend);
    bus = await Bus.open(backend.namespace, [
      EVENTS.orderPaid,
      EVENTS.orderCancelled,
      EVENTS.orderStatusChanged,
      EVENTS.orderExpired,
    ]);
    planner = await createProduct(http, admin, { name: 'Leather Planner', price: 800, stock: 1000 });
  });
  afterAll(async () => {
    await bus?.close();
    await db?.end();
    await backend?.stop();
  });

  describe('payment.captured and payment.failed', () => {
    it('marks the order paid, shows it to its shopper as Processing (Pending for staff), and publishes order.paid once', async () => {
      const { token, userId } = customerToken();
      const placed = await place(token, 2);
      const payment = captured(placed);
      await bus.publish(EVENTS.paymentCaptured, payment);
      await eventually(async () => (await paymentStatus(placed._id)) === 'paid', 'the order to be paid');
      const res = await http.get(`/orders/${placed._id}`, token);
      expect(res.body.order).toMatchObject({
        orderStatus: 'Processing',
        paymentDetails: {
          status: 'paid',
          amount: placed.totalAmount,
          razorpayOrderId: payment.providerOrderId,
          paymentId: payment.paymentId,
          paymentMethod: 'upi',
        },
      });
      await eventually(() => bus.of(EVENTS.orderPaid, placed._id).length === 1, 'order.paid');
      expect(bus.of<OrderPaidEvent>(EVENTS.orderPaid, placed._id)[0].data).toMatchObject({
        orderId: placed._id,
        userId,
        totalPaise: payment.amountPaise,
        paymentId: payment.paymentId,
        lines: [{ productId: planner, quantity: 2, unitPricePaise: 80_000, name: 'Leather Planner' }],
      });
    });

    it('applies a payment reported twice (two event ids) once', async () => {
      const placed = await place(customerToken().token);
      const payment = captured(placed);
      await bus.publish(EVENTS.paymentCaptured, payment);
      await bus.publish(EVENTS.paymentCaptured, payment);
      await eventually(async () => (await paymentStatus(placed._id)) === 'paid', 'the order to be paid');
      await pause(500);
      expect(bus.of(EVENTS.orderPaid, placed._id)).toHaveLength(1);
    });

    it('never moves a paid order back when a failure arrives after the capture', async () => {
      const placed = await place(customerToken().token);
      await bus.publish(EVENTS.paymentCaptured, captured(placed));
      await bus.publish(EVENTS.paymentFailed, failed(placed));
      await eventually(async () => (await paymentStatus(placed._id)) === 'paid', 'the order to be paid');
      await pause(500);
      expect(await paymentStatus(placed._id)).toBe('paid');
    });

    it('records a failed attempt, after which a successful retry pays the order', async () => {
      const placed = await place(customerToken().token);
      await bus.publish(EVENTS.paymentFailed, failed(placed));
      await eventually(
        async () => (await paymentStatus(placed._id)) === 'failed',
        'the failure to be recorded',
      );
      expect((await order(placed._id)).orderStatus).toBe('Pending');
      await bus.publish(EVENTS.paymentCaptured, captured(placed));
      await eventually(async () => (await paymentStatus(placed._id)) === 'paid', 'the order to be paid');
    });

    it('ignores a capture for an order it does not know and goes on with the next event', async () => {
      await bus.publish(EVENTS.paymentCaptured, captured({ _id: randomUUID(), totalAmount: 10 }));
      const placed = await place(customerToken().token);
      await bus.publish(EVENTS.paymentCaptured, captured(placed));
      await eventually(async () => (await paymentStatus(placed._id)) === 'paid', 'the order to be paid');
      const { rows } = await db.query(`SELECT count(*)::int AS n FROM inbox WHERE type = 'payment.captured'`);
      expect(rows[0].n).toBeGreaterThan(0);
    });
  });

  describe('GET /auth/stats (the account overview)', () => {
    it('counts my orders, what my paid orders cost, deliveries, and lists my 5 newest', async () => {
      const reg = await http.post('/auth/register', {
        username: 'stats_shopper',
        email: 'stats@example.com',
        password: 'Secret@123',
      });
      const token = reg.body.token;
      // Checkout takes verified addresses only (the shop's default).
      await verifyEmail(http, backend, 'stats@example.com');
      const placed = [];
      for (let i = 0; i < 6; i++) placed.push(await place(token));
      for (const o of placed.slice(0, 2)) await bus.publish(EVENTS.paymentCaptured, captured(o));
      await eventually(async () => (await paymentStatus(placed[1]._id)) === 'paid', 'the payments');
      await eventually(async () => (await paymentStatus(placed[0]._id)) === 'paid', 'the payments');
      for (const to of ['Processing', 'Shipped', 'Delivered'])
        await http.patch(`/admin2009/orders/${placed[0]._id}`, { orderStatus: to }, admin);

      const res = await http.get('/auth/stats', token);
      expect(res.status).toBe(200);
      expect(res.body.stats).toMatchObject({
        totalOrders: 6,
        totalSpent: placed[0].totalAmount * 2,
        deliveredOrders: 1,
        wishlistCount: 0,
      });
      expect(res.body.stats.recentOrders.map((o: { _id: string }) => o._id)).toEqual(
        placed
          .slice(1)
          .map((o) => o._id)
          .reverse(),
      );
    });
  });

  describe('PATCH /api/admin2009/orders/{id}: status', () => {
    it('moves an order along Pending, Processing, Shipped, Delivered, recording and publishing each step', async () => {
      const { token, userId } = customerToken();
      const placed = await place(token);
      await http.patch(`/admin2009/orders/${placed._id}`, { trackingNumber: 'DTDC123' }, admin);
      for (const to of ['Processing', 'Shipped', 'Delivered']) {
        const res = await http.patch(`/admin2009/orders/${placed._id}`, { orderStatus: to }, admin);
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ success: true, order: { orderStatus: to } });
      }
      const res = await http.get(`/orders/${placed._id}`, token);
      expect(res.body.order.statusHistory.map((h: { status: string }) => h.status)).toEqual([
        'Pending',
        'Processing',
        'Shipped',
        'Delivered',
      ]);
      expect(res.body.order.estimatedDelivery).toBeNull();
      await eventually(
        () => bus.of(EVENTS.orderStatusChanged, placed._id).length === 3,
        'order.status-changed',
      );
      expect(
        bus.of<OrderStatusChangedEvent>(EVENTS.orderStatusChanged, placed._id).map((e) => e.data),
      ).toEqual([
        expect.objectContaining({
          orderId: placed._id,
          userId,
          from: 'Pending',
          to: 'Processing',
          trackingNumber: 'DTDC123',
        }),
        expect.objectContaining({ from: 'Processing', to: 'Shipped' }),
        expect.objectContaining({ from: 'Shipped', to: 'Delivered' }),
      ]);
    });

    it('refuses a move outside the progression with a clear 400', async () => {
      const placed = await place(customerToken().token);
      const skip = await http.patch(`/admin2009/orders/${placed._id}`, { orderStatus: 'Shipped' }, admin);
      expect(skip.status).toBe(400);
      expect(skip.body.message).toBe('An order cannot move from Pending to Shipped');
      const same = await http.patch(`/admin2009/orders/${placed._id}`, { orderStatus: 'pending' }, admin);
      expect(same.body.message).toBe('The order is already Pending');
      const bad = await http.patch(`/admin2009/orders/${placed._id}`, { orderStatus: 'Lost' }, admin);
      expect(bad.body.message).toBe(
        'Order status must be one of Pending, Processing, Shipped, Delivered or Cancelled',
      );
      expect((await http.patch(`/admin2009/orders/${placed._id}`, {}, admin)).body.message).toBe(
        'Send orderStatus or trackingNumber',
      );
    });

    it('keeps Delivered and Cancelled terminal', async () => {
      const delivered = await place(customerToken().token);
      for (const to of ['Processing', 'Shipped', 'Delivered'])
        await http.patch(`/admin2009/orders/${delivered._id}`, { orderStatus: to }, admin);
      const back = await http.patch(
        `/admin2009/orders/${delivered._id}`,
        { orderStatus: 'Cancelled' },
        admin,
      );
      expect(back.status).toBe(400);
      expect(back.body.message).toBe('A Delivered order cannot be changed');

      const cancelled = await place(customerToken().token);
      await http.patch(`/admin2009/orders/${cancelled._id}`, { orderStatus: 'Cancelled' }, admin);
      const revive = await http.patch(
        `/admin2009/orders/${cancelled._id}`,
        { orderStatus: 'Processing' },
        admin,
      );
      expect(revive.body.message).toBe('A Cancelled order cannot be changed');
    });

    it('cancels from Processing but not once shipped', async () => {
      const processing = await place(customerToken().token);
      await http.patch(`/admin2009/orders/${processing._id}`, { orderStatus: 'Processing' }, admin);
      expect(
        (await http.patch(`/admin2009/orders/${processing._id}`, { orderStatus: 'Cancelled' }, admin)).status,
      ).toBe(200);
      const shipped = await place(customerToken().token);
      for (const to of ['Processing', 'Shipped'])
        await http.patch(`/admin2009/orders/${shipped._id}`, { orderStatus: to }, admin);
      const res = await http.patch(`/admin2009/orders/${shipped._id}`, { orderStatus: 'Cancelled' }, admin);
      expect(res.body.message).toBe('An order cannot move from Shipped to Cancelled');
    });

    it('gives the stock and the coupon use back when staff cancel, and publishes order.cancelled', async () => {
      const before = await availableStock(http, planner);
      const placed = await place(customerToken().token, 3, { coupon: 'WELCOME10' });
      expect(await availableStock(http, planner)).toBe(before - 3);
      const res = await http.patch(`/admin2009/orders/${placed._id}`, { orderStatus: 'Cancelled' }, admin);
      expect(res.body.order).toMatchObject({
        orderStatus: 'Cancelled',
        cancelReason: 'staff',
        paymentDetails: { status: 'cancelled' },
      });
      await eventually(
        async () => (await availableStock(http, planner)) === before,
        'the stock to come back',
      );
      expect(bus.of<OrderCancelledEvent>(EVENTS.orderCancelled, placed._id)[0].data).toMatchObject({
        orderId: placed._id,
        reason: 'staff',
        paid: false,
        lines: [{ productId: planner, quantity: 3 }],
      });
      const { rows } = await db.query(
        `SELECT count(*)::int AS n FROM coupon_redemptions WHERE order_id = $1`,
        [placed._id],
      );
      expect(rows[0].n).toBe(0);
    });

    it('records a payment that arrives for a cancelled order without reviving it or publishing order.paid', async () => {
      const placed = await place(customerToken().token);
      await http.patch(`/admin2009/orders/${placed._id}`, { orderStatus: 'Cancelled' }, admin);
      await bus.publish(EVENTS.paymentCaptured, captured(placed));
      await eventually(
        async () => (await paymentStatus(placed._id)) === 'paid',
        'the payment to be recorded',
      );
      expect((await order(placed._id)).orderStatus).toBe('Cancelled');
      await pause(300);
      expect(bus.of(EVENTS.orderPaid, placed._id)).toHaveLength(0);
    });
  });

  describe('PATCH /api/admin2009/orders/{id}: tracking number', () => {
    it('stores the tracking number trimmed, and the customer sees it', async () => {
      const { token } = customerToken();
      const placed = await place(token);
      const res = await http.patch(
        `/admin2009/orders/${placed._id}`,
        { trackingNumber: '  BLUEDART-7781  ' },
        admin,
      );
      expect(res.status).toBe(200);
      expect(res.body.order.trackingNumber).toBe('BLUEDART-7781');
      expect((await http.get(`/orders/${placed._id}`, token)).body.order.trackingNumber).toBe(
        'BLUEDART-7781',
      );
    });

    it("refuses an empty one with 'Tracking number cannot be empty'", async () => {
      const placed = await place(customerToken().token);
      for (const trackingNumber of ['', '   ']) {
        const res = await http.patch(`/admin2009/orders/${placed._id}`, { trackingNumber }, admin);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('Tracking number cannot be empty');
      }
    });
  });

  describe('the back office orders screen', () => {
    let shopper: { userId: string; token: string };
    let tagged: { _id: string };
    let logo: { name: string; size: number; type: string; fileId: string };

    beforeAll(async () => {
      const reg = await http.post('/auth/register', {
        username: 'meera_admin_search',
        email: 'meera@corp.example',
        password: 'Secret@123',
      });
      shopper = { userId: reg.body.user._id, token: reg.body.token };
      // Checkout takes verified addresses only (the shop's default).
      await verifyEmail(http, backend, 'meera@corp.example');
      await eventually(
        async () =>
          (await db.query(`SELECT 1 FROM customers WHERE user_id = $1`, [shopper.userId])).rowCount === 1,
        'the customer projection',
      );
      const uploaded = await uploadCustomization(backend.url, shopper.token, {
        name: 'logo.png',
        type: 'image/png',
        bytes: await pngBytes(),
      });
      const { name, size, type, fileId } = uploaded.body;
      logo = { name, size, type, fileId };
      const customization = {
        comments: 'Print "ACME" in gold',
        uploadedFiles: [{ fileId: logo.fileId, name: 'logo.png', size: logo.size, type: 'image/png' }],
        dynamicCustomizations: { engraving: 'Meera' },
      };
      const res = await http.post(
        '/orders',
        {
          ...checkoutBody([{ product: planner, quantity: 4, customization }]),
          shippingAddress: { ...ADDRESS, fullName: 'Meera Iyer' },
        },
        shopper.token,
      );
      tagged = res.body.order;
    });

    it('lists orders newest first with the summary cards and paging of 10', async () => {
      const res = await http.get('/admin2009/orders', admin);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, page: 1, limit: 10 });
      expect(res.body.orders).toHaveLength(10);
      expect(res.body.orders[0]._id).toBe(tagged._id);
      expect(res.body.pages).toBe(Math.ceil(res.body.total / 10));
      const { rows } = await db.query(
        `SELECT count(*)::int AS total,
                count(*) FILTER (WHERE status IN ('Pending', 'Processing'))::int AS pending,
                count(*) FILTER (WHERE status = 'Processing')::int AS processing,
                coalesce(sum(total_paise) FILTER (WHERE payment_status = 'paid' AND status <> 'Cancelled'), 0)::int AS revenue
         FROM orders WHERE reservation = 'reserved'`,
      );
      expect(res.body.summary).toEqual({
        totalOrders: rows[0].total,
        totalRevenue: rows[0].revenue / 100,
        pending: rows[0].pending,
        processing: rows[0].processing,
      });
      const page2 = await http.get('/admin2009/orders?page=2&limit=5', admin);
      expect(page2.body.orders).toHaveLength(5);
      expect(page2.body.orders[0]._id).toBe(res.body.orders[5]._id);
    });

    it('finds orders by id as the screen shows it, by customer name, username and e-mail', async () => {
      const shortId = `ORD-${tagged._id.slice(-8).toUpperCase()}`;
      for (const search of [shortId, tagged._id, 'meera iyer', 'meera_admin', 'corp.example']) {
        const res = await http.get(`/admin2009/orders?search=${encodeURIComponent(search)}`, admin);
        expect(res.body.orders.map((o: { _id: string }) => o._id)).toEqual([tagged._id]);
      }
      expect((await http.get('/admin2009/orders?search=%25', admin)).body.orders).toHaveLength(0);
    });

    it('shows one order with the customer, customization values and uploaded files as the cart stored them', async () => {
      const res = await http.get(`/admin2009/orders/${tagged._id}`, admin);
      expect(res.status).toBe(200);
      expect(res.body.order).toMatchObject({
        _id: tagged._id,
        user: { _id: shopper.userId, username: 'meera_admin_search', email: 'meera@corp.example' },
        shippingAddress: { fullName: 'Meera Iyer', street: ADDRESS.street, city: ADDRESS.city },
        products: [
          {
            product: { _id: planner, name: 'Leather Planner', price: 800 },
            quantity: 4,
            customization: {
              comments: 'Print "ACME" in gold',
              // Staff open the file through a signed link (issue 23).
              uploadedFiles: [{ ...logo, url: artworkLink(logo.fileId) }],
              dynamicCustomizations: { engraving: 'Meera' },
            },
          },
        ],
      });
      expect((await http.get(`/admin2009/orders/${randomUUID()}`, admin)).status).toBe(404);
    });

    it('exports the filtered orders as CSV with every cell quoted', async () => {
      const res = await fetch(`${backend.url}/api/admin2009/orders/export.csv?search=meera`, {
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
      expect(res.headers.get('content-disposition')).toMatch(
        /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const lines = (await res.text()).trim().split('\r\n');
      expect(lines[0]).toBe(
        '"Order ID","Customer","Email","Date","Status","Payment","Amount","Items","Tracking Number","Refund Status","Refunded","Payment Method","Shipping","GSTIN","Company"',
      );
      expect(lines).toHaveLength(2);
      expect(lines[1]).toMatch(
        new RegExp(
          `^"${tagged._id}","meera_admin_search","meera@corp.example","[^"]+","Pending","pending","\\d+\\.00","Leather Planner x 4","","","0.00","razorpay","standard","",""$`,
        ),
      );
    });

    it('turns every Pending order to Processing with "Process Orders" and says how many', async () => {
      const pending = (await http.get('/admin2009/orders?status=Pending&limit=1', admin)).body.total;
      expect(pending).toBeGreaterThan(0);
      const res = await http.post('/admin2009/orders/process', {}, admin);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, processed: pending });
      expect((await http.get('/admin2009/orders?status=Pending', admin)).body.total).toBe(0);
      expect((await order(tagged._id)).statusHistory.map((h: { status: string }) => h.status)).toEqual([
        'Pending',
        'Processing',
      ]);
      expect((await http.post('/admin2009/orders/process', {}, admin)).body).toEqual({
        success: true,
        processed: 0,
      });
    });

    it('filters by status and date range', async () => {
      const processing = await http.get('/admin2009/orders?status=Processing&limit=100', admin);
      expect(processing.body.orders.length).toBeGreaterThan(0);
      expect(
        processing.body.orders.every((o: { orderStatus: string }) => o.orderStatus === 'Processing'),
      ).toBe(true);
      expect((await http.get('/admin2009/orders?status=all', admin)).body.total).toBe(
        (await http.get('/admin2009/orders', admin)).body.total,
      );

      const today = new Date().toISOString().slice(0, 10);
      const all = (await http.get('/admin2009/orders', admin)).body.total;
      expect(
        (await http.get(`/admin2009/orders?from=${new Date(Date.now() - 3_600_000).toISOString()}`, admin))
          .body.total,
      ).toBe(all);
      expect((await http.get('/admin2009/orders?to=2020-01-01', admin)).body.total).toBe(0);
      expect((await http.get(`/admin2009/orders?from=2999-01-01`, admin)).body.total).toBe(0);
      expect(
        (await http.get(`/admin2009/orders?from=${today}&to=2999-12-31`, admin)).body.total,
      ).toBeGreaterThan(0);
      const bad = await http.get('/admin2009/orders?from=yesterday', admin);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Dates must be given as YYYY-MM-DD or an ISO date-time');
    });

    it('is for staff only: 401 without a token, 401 with a customer token', async () => {
      expect((await http.get('/admin2009/orders')).status).toBe(401);
      expect((await http.get('/admin2009/orders', shopper.token)).status).toBe(401);
      expect(
        (await http.patch(`/admin2009/orders/${tagged._id}`, { orderStatus: 'Shipped' }, shopper.token))
          .status,
      ).toBe(401);
      expect((await http.post('/admin2009/orders/process', {}, shopper.token)).status).toBe(401);
    });
  });

  describe('afterwards', () => {
    it('has published each status change once, and its outbox has drained', async () => {
      await eventually(
        async () => (await db.query(`SELECT count(*)::int AS n FROM outbox`)).rows[0].n === 0,
        'the outbox to drain',
      );
      const statusEvents = bus.seen.filter((e: EventEnvelope) => e.type === EVENTS.orderStatusChanged);
      const { rows } = await db.query(
        `SELECT count(*)::int AS n FROM order_status_history WHERE status <> 'Pending'`,
      );
      expect(statusEvents).toHaveLength(rows[0].n);
    });
  });
});
