import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import { EVENTS, ORDER_MESSAGES, SEEDED_SETTINGS } from '@shop/proto';
import { Backend, startBackend } from '../harness/backend';
import { api } from '../harness/http';
import { adminToken, eventually } from './catalog-support';
import { ADDRESS, availableStock, checkoutBody, createProduct, Http, orderDb } from './order-fixtures';
import { Bus, customerToken } from './payment-fixtures';

jest.setTimeout(90_000);

describe('checkout: POST /api/orders and POST /api/orders/quote', () => {
  let backend: Backend;
  let http: Http;
  let db: Client;
  let bus: Bus;
  const admin = adminToken();
  let notebook: string;
  let mug: string;
  let scarce: string;
  let giftWrap: string;
  let size: string;

  beforeAll(async () => {
    backend = await startBackend({ services: ['user', 'catalog', 'order'] });
    http = api(backend.url);
    db = await orderDb(backend);
    bus = await Bus.open(backend.namespace, [EVENTS.orderPlaced]);
    giftWrap = (
      await http.post(
        '/customizations',
        { name: 'Gift wrap', type: 'boolean', priceModifier: { type: 'fixed', operator: '+', value: 50 } },
        admin,
      )
    ).body.customization._id;
    size = (
      await http.post(
        '/customizations',
        {
          name: 'Size',
          type: 'select',
          options: [
            { value: 'A5', priceModifier: { type: 'fixed', operator: '-', value: 20 } },
            { value: 'A4', priceModifier: { type: 'fixed', operator: '+', value: 30 } },
          ],
        },
        admin,
      )
    ).body.customization._id;
    notebook = await createProduct(http, admin, {
      name: 'Kraft Notebook',
      price: 450,
      stock: 500,
      images: ['/uploads/notebook.webp'],
      customizations: [
        { optionId: giftWrap, enabled: true },
        { optionId: size, enabled: true },
      ],
    });
    mug = await createProduct(http, admin, { name: 'Steel Mug', price: 600, stock: 500 });
    scarce = await createProduct(http, admin, { name: 'Brass Pen', price: 300, stock: 2 });
  });
  afterAll(async () => {
    await bus?.close();
    await db?.end();
    await backend?.stop();
  });

  describe('prices every line on the server', () => {
    it('answers 201 with the whole order: Pending, payment pending, totals from the catalog, shipping and 18% GST', async () => {
      const { token, userId } = customerToken();
      const res = await http.post('/orders', checkoutBody([{ product: notebook, quantity: 2 }]), token);
      expect(res.status).toBe(201);
      expect(res.body.success).toBe(true);
      const order = res.body.order;
      // 2 x 450 = 900, not over 1000: shipping 99; GST 18% of 999 = 179.82, rounded to 180.
      expect(order).toMatchObject({
        orderStatus: 'Pending',
        subtotal: 900,
        discountAmount: 0,
        coupon: null,
        shipping: 99,
        tax: 180,
        taxRate: 18,
        totalAmount: 1179,
        trackingNumber: null,
        user: { _id: userId },
        paymentDetails: {
          status: 'pending',
          amount: 1179,
          currency: 'INR',
          razorpayOrderId: null,
          paymentMethod: 'razorpay',
        },
        shippingAddress: { ...ADDRESS, name: ADDRESS.fullName },
      });
      expect(order._id).toMatch(/^[0-9a-f-]{36}$/);
      expect(order.products).toEqual([
        {
          product: {
            _id: notebook,
            name: 'Kraft Notebook',
            brand: 'ms',
            price: 450,
            images: ['/uploads/notebook.webp'],
          },
          productId: notebook,
          name: 'Kraft Notebook',
          image: '/uploads/notebook.webp',
          quantity: 2,
          price: 450,
          lineTotal: 900,
          customization: {},
        },
      ]);
      expect(order.statusHistory).toEqual([{ status: 'Pending', at: order.createdAt }]);
      expect(new Date(order.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(order.createdAt).getTime());
    });

    it('ships free over 1000 rupees and charges GST on the goods', async () => {
      const res = await http.post(
        '/orders',
        checkoutBody([{ product: mug, quantity: 2 }]),
        customerToken().token,
      );
      expect(res.status).toBe(201);
      expect(res.body.order).toMatchObject({ subtotal: 1200, shipping: 0, tax: 216, totalAmount: 1416 });
    });

    it('adds the customization modifiers the catalog declares for the chosen options', async () => {
      const customization = {
        dynamicCustomizations: { [giftWrap]: true, [size]: { value: 'A4' } },
        comments: 'Logo on the cover',
      };
      const res = await http.post(
        '/orders',
        checkoutBody([{ product: notebook, quantity: 3, customization }]),
        customerToken().token,
      );
      expect(res.status).toBe(201);
      // 450 + 50 gift wrap + 30 for A4 = 530 a unit.
      expect(res.body.order.products[0]).toMatchObject({ price: 530, lineTotal: 1590, customization });
      expect(res.body.order).toMatchObject({ subtotal: 1590, shipping: 0, tax: 286, totalAmount: 1876 });
    });

    it("ignores the payment screen's prices, totals, discount and payment status", async () => {
      const { token } = customerToken();
      const res = await http.post(
        '/orders',
        {
          products: [{ product: { _id: notebook, price: 1 }, quantity: 2, price: 1, customization: {} }],
          shippingAddress: ADDRESS,
          totalAmount: 1,
          price: 1,
          discountAmount: 5000,
          coupon: '',
          paymentDetails: {
            razorpayOrderId: 'order_forged',
            paymentMethod: 'upi',
            status: 'paid',
            amount: 1,
          },
        },
        token,
      );
      expect(res.status).toBe(201);
      expect(res.body.order).toMatchObject({
        subtotal: 900,
        discountAmount: 0,
        totalAmount: 1179,
        paymentDetails: { status: 'pending', amount: 1179, razorpayOrderId: null, paymentMethod: 'upi' },
      });
      expect(res.body.order.products[0].price).toBe(450);
      const { rows } = await db.query(`SELECT total_paise, payment_status FROM orders WHERE id = $1`, [
        res.body.order._id,
      ]);
      expect(rows).toEqual([{ total_paise: '117900', payment_status: 'pending' }]);
    });

    it('follows the shop settings published by the back office', async () => {
      await bus.publish(EVENTS.settingsUpdated, {
        ...SEEDED_SETTINGS,
        freeShippingThreshold: 5000,
        standardShippingCost: 150,
        defaultTaxRate: 12,
        applyTaxToShipping: false,
      });
      const quote = () =>
        http.post('/orders/quote', { products: [{ product: mug, quantity: 2 }] }, customerToken().token);
      const res = await eventually(quote, (r) => r.body.quote?.shipping === 150);
      // 1200 is under the new 5000 threshold: 150 shipping, GST 12% on the goods only = 144.
      expect(res.body.quote).toMatchObject({
        subtotal: 1200,
        shipping: 150,
        tax: 144,
        taxRate: 12,
        totalAmount: 1494,
        freeShippingThreshold: 5000,
      });
      await bus.publish(EVENTS.settingsUpdated, SEEDED_SETTINGS);
      await eventually(quote, (r) => r.body.quote?.shipping === 0);
    });

    it('answers 409 naming a product the catalog does not have', async () => {
      const res = await http.post(
        '/orders',
        checkoutBody([{ product: randomUUID(), quantity: 1 }]),
        customerToken().token,
      );
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        success: false,
        message: 'The requested product could not be found.',
      });
    });
  });

  describe('coupons', () => {
    it('takes 10% off with WELCOME10 before GST', async () => {
      const res = await http.post(
        '/orders',
        checkoutBody([{ product: notebook, quantity: 2 }], { coupon: 'welcome10' }),
        customerToken().token,
      );
      expect(res.status).toBe(201);
      // 900 - 90 = 810, +99 shipping; GST 18% of 909 = 163.62 -> 164.
      expect(res.body.order).toMatchObject({
        subtotal: 900,
        discountAmount: 90,
        coupon: 'WELCOME10',
        shipping: 99,
        tax: 164,
        totalAmount: 1073,
      });
    });

    it("accepts the cart's promo codes SAVE10 and BULK20 at checkout", async () => {
      const save = await http.post(
        '/orders',
        checkoutBody([{ product: mug, quantity: 2 }], { coupon: 'SAVE10' }),
        customerToken().token,
      );
      expect(save.body.order).toMatchObject({ discountAmount: 120, coupon: 'SAVE10' });
      const bulk = await http.post(
        '/orders',
        checkoutBody([{ product: mug, quantity: 2 }], { coupon: { code: 'BULK20' } }),
        customerToken().token,
      );
      expect(bulk.body.order).toMatchObject({
        discountAmount: 240,
        coupon: 'BULK20',
        tax: 173,
        totalAmount: 1133,
      });
    });

    it("refuses an unknown code with 'Invalid coupon code' and places nothing", async () => {
      const { token, userId } = customerToken();
      const res = await http.post(
        '/orders',
        checkoutBody([{ product: notebook, quantity: 1 }], { coupon: 'FREE100' }),
        token,
      );
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Invalid coupon code');
      const { rows } = await db.query(`SELECT count(*)::int AS n FROM orders WHERE user_id = $1`, [userId]);
      expect(rows[0].n).toBe(0);
    });

    it('refuses a coupon outside its validity dates or past its usage limit', async () => {
      await db.query(
        `INSERT INTO coupons (code, percent, context, valid_from, valid_until) VALUES ('OLD5', 5, 'checkout', '2020-01-01', '2021-01-01')`,
      );
      await db.query(
        `INSERT INTO coupons (code, percent, context, valid_from) VALUES ('SOON5', 5, 'checkout', now() + interval '1 day')`,
      );
      await db.query(
        `INSERT INTO coupons (code, percent, context, max_uses) VALUES ('ONCE5', 5, 'checkout', 1)`,
      );
      for (const code of ['OLD5', 'SOON5']) {
        const res = await http.post(
          '/orders',
          checkoutBody([{ product: notebook, quantity: 1 }], { coupon: code }),
          customerToken().token,
        );
        expect(res.body.message).toBe('Invalid coupon code');
      }
      const attempts = await Promise.all(
        [1, 2, 3].map(() =>
          http.post(
            '/orders',
            checkoutBody([{ product: notebook, quantity: 1 }], { coupon: 'ONCE5' }),
            customerToken().token,
          ),
        ),
      );
      expect(attempts.map((a) => a.status).sort()).toEqual([201, 400, 400]);
    });
  });

  describe('address and line rules', () => {
    const place = (body: unknown) => http.post('/orders', body, customerToken().token);

    it("asks for an address when none is sent: 'Please select or add a delivery address'", async () => {
      for (const shippingAddress of [undefined, null, '']) {
        const res = await place({ ...checkoutBody([{ product: notebook, quantity: 1 }]), shippingAddress });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(ORDER_MESSAGES.noAddress);
      }
    });

    it("refuses something that is not an address with 'Invalid address'", async () => {
      for (const shippingAddress of ['12 MG Road', ['Pune'], { _id: randomUUID() }]) {
        const res = await place({ ...checkoutBody([{ product: notebook, quantity: 1 }]), shippingAddress });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('Invalid address');
      }
    });

    it('holds the address to the address form rules, field by field', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ street: '' }, 'Please fill all address fields'],
        [{ phone: '98765' }, 'Phone must be exactly 10 digits'],
        [{ pinCode: '4110' }, 'Pin code must be 6 digits'],
        [{ state: 'Atlantis' }, 'Please select a valid state'],
        [{ country: 'Nepal' }, 'Country must be India'],
        [{ email: 'not-mail' }, 'Please enter a valid email'],
      ];
      for (const [change, message] of cases) {
        const res = await place({
          ...checkoutBody([{ product: notebook, quantity: 1 }]),
          shippingAddress: { ...ADDRESS, ...change },
        });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(message);
        expect(res.body.errors[0].field).toMatch(/^shippingAddress\./);
      }
    });

    it('takes `name` when the address has no fullName, and defaults the country to India', async () => {
      const { fullName, country, ...rest } = ADDRESS;
      const res = await place({
        ...checkoutBody([{ product: notebook, quantity: 1 }]),
        shippingAddress: { ...rest, name: fullName },
      });
      expect(res.status).toBe(201);
      expect(res.body.order.shippingAddress).toMatchObject({ fullName, name: fullName, country });
    });

    it('refuses an empty order, a bad product id and a bad quantity', async () => {
      expect((await place({ ...checkoutBody([]) })).body.message).toBe('Your order has no products');
      expect((await place(checkoutBody([{ product: 'abc', quantity: 1 }]))).body.message).toBe(
        'Invalid product',
      );
      expect((await place(checkoutBody([{ product: notebook, quantity: 0 }]))).body.message).toBe(
        'Quantity must be a whole number of 1 or more',
      );
      expect((await place(checkoutBody([{ product: notebook, quantity: 1.5 }]))).body.message).toBe(
        'Quantity must be a whole number of 1 or more',
      );
    });

    it('answers 401 without a customer token, and to an admin token', async () => {
      expect((await http.post('/orders', checkoutBody([{ product: notebook, quantity: 1 }]))).status).toBe(
        401,
      );
      expect(
        (await http.post('/orders', checkoutBody([{ product: notebook, quantity: 1 }]), admin)).status,
      ).toBe(401);
    });
  });

  describe('stock', () => {
    it('reserves the units, publishes order.placed, and answers 409 with a clear message when too few are left', async () => {
      const { token, userId } = customerToken();
      const first = await http.post('/orders', checkoutBody([{ product: scarce, quantity: 2 }]), token);
      expect(first.status).toBe(201);
      expect(await availableStock(http, scarce)).toBe(0);
      await eventually(
        async () => bus.of(EVENTS.orderPlaced, first.body.order._id),
        (events) => events.length === 1,
      );
      expect(bus.of(EVENTS.orderPlaced, first.body.order._id)[0].data).toMatchObject({
        orderId: first.body.order._id,
        userId,
        totalPaise: 82_500,
        currency: 'INR',
        lines: [{ productId: scarce, quantity: 2, unitPricePaise: 30_000, name: 'Brass Pen' }],
      });

      const second = await http.post('/orders', checkoutBody([{ product: scarce, quantity: 1 }]), token);
      expect(second.status).toBe(409);
      expect(second.body.message).toBe('Brass Pen is out of stock');
      const mine = await http.get('/orders/me', token);
      expect(mine.body.orders.map((o: { _id: string }) => o._id)).toEqual([first.body.order._id]);
    });
  });

  describe('Idempotency-Key', () => {
    const submit = (token: string, key: string, body: unknown) =>
      http.request('POST', '/orders', { body, token, headers: { 'idempotency-key': key } });

    it('answers a retried submit with the same order and places it once', async () => {
      const { token, userId } = customerToken();
      const key = randomUUID();
      const body = checkoutBody([{ product: notebook, quantity: 1 }]);
      const first = await submit(token, key, body);
      const again = await submit(token, key, body);
      expect(first.status).toBe(201);
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(first.headers.get('idempotent-replayed')).toBeNull();
      expect(again.body.order._id).toBe(first.body.order._id);
      const { rows } = await db.query(`SELECT count(*)::int AS n FROM orders WHERE user_id = $1`, [userId]);
      expect(rows[0].n).toBe(1);
    });

    it('places one order for concurrent submits with the same key', async () => {
      const { token, userId } = customerToken();
      const key = randomUUID();
      const body = checkoutBody([{ product: notebook, quantity: 1 }]);
      const replies = await Promise.all(Array.from({ length: 8 }, () => submit(token, key, body)));
      expect(replies.map((r) => r.status)).toEqual(Array(8).fill(201));
      expect(new Set(replies.map((r) => r.body.order._id)).size).toBe(1);
      const { rows } = await db.query(`SELECT count(*)::int AS n FROM orders WHERE user_id = $1`, [userId]);
      expect(rows[0].n).toBe(1);
    });

    it('ignores a changed client price in the retry, since prices are not the client’s to say', async () => {
      const { token } = customerToken();
      const key = randomUUID();
      const first = await submit(
        token,
        key,
        checkoutBody([{ product: notebook, quantity: 1 }], { totalAmount: 10 }),
      );
      const again = await submit(
        token,
        key,
        checkoutBody([{ product: notebook, quantity: 1 }], { totalAmount: 99999 }),
      );
      expect(again.body.order._id).toBe(first.body.order._id);
    });

    it('answers 409 to the same key with a different order', async () => {
      const { token } = customerToken();
      const key = randomUUID();
      await submit(token, key, checkoutBody([{ product: notebook, quantity: 1 }]));
      const other = await submit(token, key, checkoutBody([{ product: notebook, quantity: 2 }]));
      expect(other.status).toBe(409);
      expect(other.body.message).toBe('This Idempotency-Key was already used for a different order');
    });

    it("keeps keys per customer: another customer's identical key places their own order", async () => {
      const key = randomUUID();
      const body = checkoutBody([{ product: notebook, quantity: 1 }]);
      const a = await submit(customerToken().token, key, body);
      const b = await submit(customerToken().token, key, body);
      expect(a.body.order._id).not.toBe(b.body.order._id);
    });

    it('refuses a malformed key with 400', async () => {
      const res = await submit(
        customerToken().token,
        'x'.repeat(201),
        checkoutBody([{ product: notebook, quantity: 1 }]),
      );
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(ORDER_MESSAGES.invalidIdempotencyKey);
    });

    it('lets a key that found no stock be used again once the order can be placed', async () => {
      const { token } = customerToken();
      const key = randomUUID();
      const tooMany = await submit(token, key, checkoutBody([{ product: mug, quantity: 10_000 }]));
      expect(tooMany.status).toBe(409);
      expect(tooMany.body.message).toMatch(/^Only \d+ units of Steel Mug left in stock$/);
      const { rows } = await db.query(`SELECT count(*)::int AS n FROM idempotency_keys WHERE key = $1`, [
        key,
      ]);
      expect(rows[0].n).toBe(0);
      const fewer = await submit(token, key, checkoutBody([{ product: mug, quantity: 1 }]));
      expect(fewer.status).toBe(201);
      expect(fewer.headers.get('idempotent-replayed')).toBeNull();
    });
  });

  describe('POST /api/orders/quote', () => {
    it('shows the same totals the order then has', async () => {
      const { token } = customerToken();
      const lines = [
        { product: notebook, quantity: 1, customization: { dynamicCustomizations: { [size]: 'A5' } } },
        { product: mug, quantity: 1 },
      ];
      const quote = await http.post('/orders/quote', { products: lines, coupon: 'WELCOME10' }, token);
      expect(quote.status).toBe(200);
      const placed = await http.post('/orders', checkoutBody(lines, { coupon: 'WELCOME10' }), token);
      const { subtotal, discountAmount, shipping, tax, totalAmount, coupon } = placed.body.order;
      expect(quote.body.quote).toMatchObject({
        subtotal,
        discountAmount,
        shipping,
        tax,
        totalAmount,
        coupon,
        couponPercent: 10,
        taxRate: 18,
      });
      expect(quote.body.quote.products.map((p: { price: number }) => p.price)).toEqual([430, 600]);
    });

    it("speaks of promo codes for the cart: 'Invalid promo code', and the checkout coupon is not a cart code", async () => {
      const res = await http.post(
        '/orders/quote',
        { products: [{ product: mug, quantity: 1 }], coupon: 'WELCOME10', context: 'cart' },
        customerToken().token,
      );
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Invalid promo code');
      const cart = await http.post(
        '/orders/quote',
        { products: [{ product: mug, quantity: 1 }], coupon: 'SAVE10', context: 'cart' },
        customerToken().token,
      );
      expect(cart.body.quote).toMatchObject({ coupon: 'SAVE10', discountAmount: 60 });
    });

    it('reserves nothing', async () => {
      const before = await availableStock(http, mug);
      await http.post('/orders/quote', { products: [{ product: mug, quantity: 5 }] }, customerToken().token);
      expect(await availableStock(http, mug)).toBe(before);
    });
  });

  describe('reading orders back', () => {
    it('lists my orders newest first, and only mine', async () => {
      const { token } = customerToken();
      const ids: string[] = [];
      for (const quantity of [1, 2, 3])
        ids.push(
          (await http.post('/orders', checkoutBody([{ product: notebook, quantity }]), token)).body.order._id,
        );
      await http.post('/orders', checkoutBody([{ product: notebook, quantity: 1 }]), customerToken().token);
      const res = await http.get('/orders/me', token);
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      expect(res.body.orders.map((o: { _id: string }) => o._id)).toEqual(ids.reverse());
    });

    it('answers a checkout with the order as it reads back afterwards', async () => {
      const { token } = customerToken();
      const placed = await http.post(
        '/orders',
        checkoutBody([
          { product: notebook, quantity: 2 },
          { product: notebook, quantity: 1 },
        ]),
        token,
      );
      expect(placed.status).toBe(201);
      const res = await http.get(`/orders/${placed.body.order._id}`, token);
      // The expected delivery is counted from the moment of each answer.
      const withoutDelivery = (order: Record<string, unknown>) => ({ ...order, estimatedDelivery: null });
      expect(withoutDelivery(placed.body.order)).toEqual(withoutDelivery(res.body.order));
    });

    it('shows my order with its tracking data: timeline, tracking number, delivery 7 days from now', async () => {
      const { token } = customerToken();
      const placed = await http.post('/orders', checkoutBody([{ product: notebook, quantity: 1 }]), token);
      const res = await http.get(`/orders/${placed.body.order._id}`, token);
      expect(res.status).toBe(200);
      expect(res.body.order).toMatchObject({
        _id: placed.body.order._id,
        orderStatus: 'Pending',
        trackingNumber: null,
      });
      expect(res.body.order.statusHistory).toEqual([{ status: 'Pending', at: placed.body.order.createdAt }]);
      const days = (new Date(res.body.order.estimatedDelivery).getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.99);
      expect(days).toBeLessThanOrEqual(7);
    });

    it("answers 403 'You do not have permission to view this order' for another customer's order", async () => {
      const placed = await http.post(
        '/orders',
        checkoutBody([{ product: notebook, quantity: 1 }]),
        customerToken().token,
      );
      const res = await http.get(`/orders/${placed.body.order._id}`, customerToken().token);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        success: false,
        status: 403,
        message: 'You do not have permission to view this order',
        errors: [],
      });
    });

    it("answers 404 'Order not found' for an id that names no order", async () => {
      for (const id of [randomUUID(), 'not-an-id']) {
        const res = await http.get(`/orders/${id}`, customerToken().token);
        expect(res.status).toBe(404);
        expect(res.body.message).toBe('Order not found');
      }
    });
  });
});
