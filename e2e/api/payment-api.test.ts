import { databaseUrl } from '@shop/kit';
import {
  EVENTS,
  OrderCancelledEvent,
  PaymentCapturedEvent,
  PaymentFailedEvent,
  SEEDED_SETTINGS,
  SettingsUpdatedEvent,
} from '@shop/proto';
import { createHmac, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { Backend, startBackend } from '../harness/backend';
import { api } from '../harness/http';
import {
  Bus,
  customerToken,
  deliverWebhook,
  eventually,
  pause,
  signWebhook,
  WEBHOOK_SECRET,
  webhookBody,
  WebhookRecorder,
} from './payment-fixtures';

jest.setTimeout(60_000);

const SANDBOX_KEY_ID = 'rzp_test_sandbox';
const LIVE_KEY_SECRET = 'live-key-secret-never-sent-to-browsers';
const VERIFICATION_FAILED = 'Payment verification failed';
const FORBIDDEN = 'You do not have permission to pay for this order';

/**
 * The payment routes through the gateway, against the payment service alone: orders are announced
 * with `order.placed` on the bus, as the order service would. The sandbox's webhooks go to a
 * recorder so each test delivers them to the gateway in the order it needs.
 */
describe('payments (/api/payments)', () => {
  let backend: Backend;
  let http: ReturnType<typeof api>;
  let bus: Bus;
  let db: Client;
  const recorder = new WebhookRecorder();

  /** An order of `totalPaise` for a fresh customer, known to the payment service. */
  const newOrder = async (totalPaise = 123_400) => {
    const shopper = customerToken();
    const orderId = await bus.placeOrder(shopper.userId, totalPaise);
    await eventually(
      async () =>
        (await db.query('SELECT 1 FROM order_amounts WHERE order_id = $1', [orderId])).rowCount === 1,
      'order.placed',
    );
    return { ...shopper, orderId };
  };

  const createPayment = async (orderId: string, token: string) => {
    const res = await http.post('/payments/create-order', { orderId }, token);
    expect(res.status).toBe(201);
    return res.body.order as { id: string; key: string; amount: number; currency: string; receipt: string };
  };

  const sandboxPay = async (providerOrderId: string, outcome: 'success' | 'failure', method = 'card') =>
    http.post('/payments/sandbox/pay', { key: SANDBOX_KEY_ID, order_id: providerOrderId, outcome, method });

  /** Let any late or duplicate event arrive before counting. */
  const settle = () => pause(700);

  beforeAll(async () => {
    await recorder.start();
    backend = await startBackend({
      // admin-reporting keeps the key secret the back office saved (none here: the environment's is used).
      services: ['payment', 'admin-reporting'],
      serviceEnv: {
        payment: {
          RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
          RAZORPAY_SANDBOX_WEBHOOK_URL: recorder.url,
          // Live keys are configured, but the shop is not live until the back office says so.
          RAZORPAY_KEY_SECRET: LIVE_KEY_SECRET,
          RPC_TIMEOUT_MS: '1500',
        },
      },
    });
    http = api(backend.url);
    bus = await Bus.open(backend.namespace, [EVENTS.paymentCaptured, EVENTS.paymentFailed]);
    db = new Client({ connectionString: databaseUrl(backend.env.DATABASE_URL, backend.databases.payment) });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await bus?.close();
    await backend?.stop();
    await recorder.stop();
  });

  describe('GET /api/payments/config and the sandbox checkout script', () => {
    it('tells the storefront it runs the sandbox, with the sandbox key id and checkout URL and no secret', async () => {
      const res = await http.get('/payments/config');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        mode: 'sandbox',
        keyId: SANDBOX_KEY_ID,
        checkoutScriptUrl: '/api/payments/sandbox/checkout.js',
      });
      expect(JSON.stringify(res.body)).not.toContain('secret');
    });

    it('serves the stand-in checkout script with the Razorpay interface, loadable from another origin', async () => {
      const res = await fetch(`${backend.url}/api/payments/sandbox/checkout.js`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/javascript');
      expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
      const script = await res.text();
      expect(script).toContain('window.Razorpay = Razorpay');
      expect(script).toContain("'payment.failed'");
      expect(script).not.toContain(LIVE_KEY_SECRET);
    });
  });

  describe('POST /api/payments/create-order', () => {
    it('refuses a visitor without a token', async () => {
      const res = await http.post('/payments/create-order', { orderId: randomUUID() });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Authentication required');
    });

    it("refuses a missing order id with 'Order ID is required' and a malformed one with 'Invalid order ID'", async () => {
      const { token } = customerToken();
      expect((await http.post('/payments/create-order', { amount: 100 }, token)).body).toMatchObject({
        status: 400,
        message: 'Order ID is required',
      });
      expect((await http.post('/payments/create-order', { orderId: 'abc' }, token)).body).toMatchObject({
        status: 400,
        message: 'Invalid order ID',
      });
    });

    it("creates a Razorpay order for the order's own amount in paise, with the order id as receipt and the public key", async () => {
      const { orderId, token } = await newOrder(259_900);
      const order = await createPayment(orderId, token);
      expect(order).toEqual({
        id: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/),
        key: SANDBOX_KEY_ID,
        amount: 259_900,
        currency: 'INR',
        receipt: orderId,
      });
      const { rows } = await db.query('SELECT amount, currency, receipt FROM sandbox_orders WHERE id = $1', [
        order.id,
      ]);
      expect(rows).toEqual([{ amount: 259_900, currency: 'INR', receipt: orderId }]);
    });

    it('ignores a tampered amount, currency and notes in the request: the order decides the amount', async () => {
      const { orderId, token } = await newOrder(99_900);
      const res = await http.post(
        '/payments/create-order',
        { orderId, amount: 1, currency: 'USD', notes: { discount: 99_000, couponCode: 'FREE' } },
        token,
      );
      expect(res.status).toBe(201);
      expect(res.body.order).toMatchObject({ amount: 99_900, currency: 'INR' });
      const { rows } = await db.query('SELECT amount, currency FROM sandbox_orders WHERE receipt = $1', [
        orderId,
      ]);
      expect(rows).toEqual([{ amount: 99_900, currency: 'INR' }]);
    });

    it('is idempotent: repeated and simultaneous calls for one order give one Razorpay order', async () => {
      const { orderId, token } = await newOrder();
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => http.post('/payments/create-order', { orderId }, token)),
      );
      const ids = new Set(answers.map((a) => a.body.order.id));
      expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
      expect(ids.size).toBe(1);
      expect((await createPayment(orderId, token)).id).toBe([...ids][0]);
      expect(
        (await db.query('SELECT count(*)::int AS n FROM sandbox_orders WHERE receipt = $1', [orderId]))
          .rows[0].n,
      ).toBe(1);
    });

    it("refuses another customer's order with 403", async () => {
      const { orderId } = await newOrder();
      const res = await http.post('/payments/create-order', { orderId }, customerToken().token);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ success: false, status: 403, message: FORBIDDEN, errors: [] });
    });

    it('answers 503 for an order it has not heard of while the order service cannot be asked', async () => {
      const res = await http.post('/payments/create-order', { orderId: randomUUID() }, customerToken().token);
      expect(res.status).toBe(503);
      expect(res.body.message).toBe('The order service did not answer in time');
    });

    it("refuses an order that was cancelled or expired with 'This order can no longer be paid'", async () => {
      for (const type of [EVENTS.orderCancelled, EVENTS.orderExpired]) {
        const { orderId, userId, token } = await newOrder();
        await bus.publish<OrderCancelledEvent>(type, {
          orderId,
          userId,
          lines: [],
          reason: 'expired',
          paid: false,
          cancelledAt: new Date().toISOString(),
        });
        await eventually(
          async () =>
            (await db.query('SELECT closed_reason FROM order_amounts WHERE order_id = $1', [orderId])).rows[0]
              .closed_reason !== null,
          type,
        );
        const res = await http.post('/payments/create-order', { orderId }, token);
        expect(res.status).toBe(409);
        expect(res.body.message).toBe('This order can no longer be paid');
      }
    });
  });

  describe('the sandbox checkout and POST /api/payments/verify', () => {
    it('pays through the sandbox, verifies, and publishes one payment.captured with the payment details', async () => {
      const { orderId, token } = await newOrder(150_000);
      const order = await createPayment(orderId, token);
      const paid = await sandboxPay(order.id, 'success', 'upi');
      expect(paid.status).toBe(200);
      expect(paid.body).toEqual({
        razorpay_order_id: order.id,
        razorpay_payment_id: expect.stringMatching(/^pay_[A-Za-z0-9]{14}$/),
        razorpay_signature: expect.stringMatching(/^[0-9a-f]{64}$/),
      });

      const res = await http.post('/payments/verify', { ...paid.body, orderId }, token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        message: 'Payment verified successfully',
        orderId,
        paymentId: paid.body.razorpay_payment_id,
      });

      await eventually(() => bus.of(EVENTS.paymentCaptured, orderId).length > 0, 'payment.captured');
      const [captured] = bus.of<PaymentCapturedEvent>(EVENTS.paymentCaptured, orderId);
      expect(captured.data).toEqual({
        orderId,
        paymentId: paid.body.razorpay_payment_id,
        providerOrderId: order.id,
        amountPaise: 150_000,
        method: 'upi',
        capturedAt: expect.any(String),
      });

      // Verifying again (a retried request) answers the same and changes nothing.
      const again = await http.post('/payments/verify', { ...paid.body, orderId }, token);
      expect(again.body).toMatchObject({ success: true, orderId, paymentId: paid.body.razorpay_payment_id });
      await settle();
      expect(bus.of(EVENTS.paymentCaptured, orderId)).toHaveLength(1);

      const createAgain = await http.post('/payments/create-order', { orderId }, token);
      expect(createAgain.status).toBe(409);
      expect(createAgain.body.message).toBe('This order has already been paid');
    });

    it("refuses a forged signature with 400 'Payment verification failed' and leaves the order unpaid", async () => {
      const { orderId, token } = await newOrder();
      const order = await createPayment(orderId, token);
      const paid = await sandboxPay(order.id, 'success');
      const forgeries = [
        createHmac('sha256', 'a-guessed-secret')
          .update(`${order.id}|${paid.body.razorpay_payment_id}`)
          .digest('hex'),
        createHmac('sha256', LIVE_KEY_SECRET)
          .update(`${order.id}|${paid.body.razorpay_payment_id}`)
          .digest('hex'),
        paid.body.razorpay_signature.replace(/.$/, (c: string) => (c === '0' ? '1' : '0')),
        'not-a-signature',
      ];
      for (const razorpay_signature of forgeries) {
        const res = await http.post('/payments/verify', { ...paid.body, razorpay_signature, orderId }, token);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(VERIFICATION_FAILED);
      }
      expect(
        (await db.query('SELECT status FROM provider_orders WHERE order_id = $1', [orderId])).rows[0].status,
      ).toBe('created');
      await settle();
      expect(bus.of(EVENTS.paymentCaptured, orderId)).toHaveLength(0);
    });

    it('checks the signature against the provider order stored for this order, not the one the browser names', async () => {
      const cheap = await newOrder(10_000);
      const dear = { orderId: await bus.placeOrder(cheap.userId, 900_000) };
      await eventually(
        async () =>
          (await db.query('SELECT 1 FROM order_amounts WHERE order_id = $1', [dear.orderId])).rowCount === 1,
        'order.placed',
      );
      const cheapOrder = await createPayment(cheap.orderId, cheap.token);
      await createPayment(dear.orderId, cheap.token);
      const paidCheap = await sandboxPay(cheapOrder.id, 'success');
      // A genuine signature for the cheap order, presented as payment for the dear one.
      const res = await http.post(
        '/payments/verify',
        { ...paidCheap.body, orderId: dear.orderId },
        cheap.token,
      );
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(VERIFICATION_FAILED);
      await settle();
      expect(bus.of(EVENTS.paymentCaptured, dear.orderId)).toHaveLength(0);
    });

    it("refuses a verify for another customer's order with 403", async () => {
      const { orderId, token } = await newOrder();
      const order = await createPayment(orderId, token);
      const paid = await sandboxPay(order.id, 'success');
      const res = await http.post('/payments/verify', { ...paid.body, orderId }, customerToken().token);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(FORBIDDEN);
    });

    it("answers 404 'Order not found' for an unknown order and 400 for an order with no payment started", async () => {
      const { token } = customerToken();
      const body = {
        razorpay_order_id: 'order_x',
        razorpay_payment_id: 'pay_x',
        razorpay_signature: 'f'.repeat(64),
      };
      const unknown = await http.post('/payments/verify', { ...body, orderId: randomUUID() }, token);
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('Order not found');
      const fresh = await newOrder();
      const notStarted = await http.post(
        '/payments/verify',
        { ...body, orderId: fresh.orderId },
        fresh.token,
      );
      expect(notStarted.status).toBe(400);
      expect(notStarted.body.message).toBe(VERIFICATION_FAILED);
    });

    it("refuses an incomplete verify request with 'Payment verification failed'", async () => {
      const { orderId, token } = await newOrder();
      const res = await http.post('/payments/verify', { razorpay_order_id: 'order_x', orderId }, token);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(VERIFICATION_FAILED);
      expect((await http.post('/payments/verify', { orderId })).status).toBe(401);
    });

    it("reports a failed attempt in Razorpay's error shape, publishes payment.failed, and lets the shopper retry", async () => {
      const { orderId, token } = await newOrder(50_000);
      const order = await createPayment(orderId, token);
      const failed = await sandboxPay(order.id, 'failure');
      expect(failed.status).toBe(200);
      expect(failed.body).toEqual({
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: 'Payment failed',
          source: 'customer',
          step: 'payment_authentication',
          reason: 'payment_failed',
          metadata: { order_id: order.id, payment_id: expect.stringMatching(/^pay_/) },
        },
      });
      // The browser reports nothing for a failure; Razorpay's webhook does.
      await eventually(
        () => recorder.forOrder(order.id).some((w) => w.event === 'payment.failed'),
        'the payment.failed webhook',
      );
      const webhook = recorder.forOrder(order.id).find((w) => w.event === 'payment.failed')!;
      expect(
        (
          await deliverWebhook(backend.url, webhook.body, {
            eventId: webhook.headers['x-razorpay-event-id'] as string,
          })
        ).status,
      ).toBe(200);
      await eventually(() => bus.of(EVENTS.paymentFailed, orderId).length > 0, 'payment.failed');
      expect(bus.of<PaymentFailedEvent>(EVENTS.paymentFailed, orderId)[0].data).toEqual({
        orderId,
        providerOrderId: order.id,
        reason: 'Payment failed',
      });

      expect((await createPayment(orderId, token)).id).toBe(order.id);
      const paid = await sandboxPay(order.id, 'success');
      expect((await http.post('/payments/verify', { ...paid.body, orderId }, token)).status).toBe(200);
      await eventually(
        () => bus.of(EVENTS.paymentCaptured, orderId).length === 1,
        'payment.captured after a failure',
      );
    });

    it('refuses sandbox payments with a wrong key, for an unknown order, or for an order already paid', async () => {
      const wrongKey = await http.post('/payments/sandbox/pay', {
        key: 'rzp_live_abc',
        order_id: 'order_x',
        outcome: 'success',
      });
      expect(wrongKey.body).toMatchObject({ status: 400, message: 'Invalid key id' });
      const unknown = await sandboxPay('order_doesnotexist123', 'success');
      expect(unknown.body).toMatchObject({ status: 400, message: 'The id provided does not exist' });
      const { orderId, token } = await newOrder();
      const order = await createPayment(orderId, token);
      await sandboxPay(order.id, 'success');
      const twice = await sandboxPay(order.id, 'success');
      expect(twice.body).toMatchObject({ status: 400, message: 'Order has already been paid' });
    });
  });

  describe('POST /api/payments/webhook', () => {
    /** An order paid in the sandbox whose browser never came back: only webhooks tell. */
    const paidInSandbox = async () => {
      const shopper = await newOrder(75_000);
      const order = await createPayment(shopper.orderId, shopper.token);
      const paid = await sandboxPay(order.id, 'success', 'netbanking');
      await eventually(() => recorder.forOrder(order.id).length === 2, 'the sandbox webhooks');
      const [captured, orderPaid] = recorder.forOrder(order.id);
      return { ...shopper, order, paid: paid.body, captured, orderPaid };
    };
    const deliver = (w: { body: string; headers: Record<string, unknown> }) =>
      deliverWebhook(backend.url, w.body, { eventId: w.headers['x-razorpay-event-id'] as string });

    it('receives signed payment.captured and order.paid webhooks from the sandbox, with event ids', async () => {
      const { order, paid, captured, orderPaid } = await paidInSandbox();
      expect([captured.event, orderPaid.event]).toEqual(['payment.captured', 'order.paid']);
      for (const w of [captured, orderPaid]) {
        expect(w.headers['x-razorpay-signature']).toBe(signWebhook(w.body));
        expect(w.headers['x-razorpay-event-id']).toMatch(/^[A-Za-z0-9]{14}$/);
        expect(JSON.parse(w.body).payload.payment.entity).toMatchObject({
          id: paid.razorpay_payment_id,
          order_id: order.id,
          amount: 75_000,
          status: 'captured',
        });
      }
      expect(JSON.parse(orderPaid.body).payload.order.entity).toMatchObject({
        id: order.id,
        status: 'paid',
        amount_paid: 75_000,
      });
    });

    it("refuses a bad or missing signature with 400 'Invalid webhook signature'", async () => {
      const { captured, orderId } = await paidInSandbox();
      const forged = await deliverWebhook(backend.url, captured.body, {
        signature: signWebhook(captured.body, 'wrong-secret'),
      });
      expect(forged).toEqual({
        status: 400,
        body: { success: false, status: 400, message: 'Invalid webhook signature', errors: [] },
      });
      const tampered = captured.body.replace('"amount":75000', '"amount":100');
      expect(
        (
          await deliverWebhook(backend.url, tampered, {
            signature: captured.headers['x-razorpay-signature'] as string,
          })
        ).status,
      ).toBe(400);
      const unsigned = await fetch(`${backend.url}/api/payments/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: captured.body,
      });
      expect(unsigned.status).toBe(400);
      await settle();
      expect(bus.of(EVENTS.paymentCaptured, orderId)).toHaveLength(0);
    });

    it('marks an order paid from the webhook alone when the browser never verified, and a later verify agrees', async () => {
      const { orderId, token, paid, captured } = await paidInSandbox();
      const res = await deliver(captured);
      expect(res).toEqual({
        status: 200,
        body: { success: true, processed: true, event: 'payment.captured' },
      });
      await eventually(() => bus.of(EVENTS.paymentCaptured, orderId).length === 1, 'payment.captured');
      expect(bus.of<PaymentCapturedEvent>(EVENTS.paymentCaptured, orderId)[0].data).toMatchObject({
        paymentId: paid.razorpay_payment_id,
        method: 'netbanking',
      });
      expect((await http.post('/payments/verify', { ...paid, orderId }, token)).status).toBe(200);
      await settle();
      expect(bus.of(EVENTS.paymentCaptured, orderId)).toHaveLength(1);
    });

    it('handles a replayed webhook once: the same event id changes nothing the second time', async () => {
      const { orderId, captured, orderPaid } = await paidInSandbox();
      expect((await deliver(captured)).body.processed).toBe(true);
      for (let i = 0; i < 3; i++)
        expect((await deliver(captured)).body).toEqual({
          success: true,
          processed: false,
          event: 'payment.captured',
        });
      expect((await deliver(orderPaid)).body).toEqual({
        success: true,
        processed: true,
        event: 'order.paid',
      });
      expect((await deliver(orderPaid)).body.processed).toBe(false);
      // Replays without an event id are recognised by their body.
      const body = webhookBody('payment.captured', {
        id: JSON.parse(captured.body).payload.payment.entity.id,
        orderId: JSON.parse(captured.body).payload.payment.entity.order_id,
        amount: 75_000,
      });
      expect((await deliverWebhook(backend.url, body, { eventId: null })).body.processed).toBe(true);
      expect((await deliverWebhook(backend.url, body, { eventId: null })).body.processed).toBe(false);
      await settle();
      expect(bus.of(EVENTS.paymentCaptured, orderId)).toHaveLength(1);
      expect(
        (await db.query('SELECT count(*)::int AS n FROM payments WHERE order_id = $1', [orderId])).rows[0].n,
      ).toBe(1);
    });

    it('never moves a paid order back: a payment.failed arriving after payment.captured is recorded and ignored', async () => {
      const { orderId, token, order, captured } = await paidInSandbox();
      const payment = JSON.parse(captured.body).payload.payment.entity;
      expect((await deliver(captured)).status).toBe(200);
      // The late failure of an earlier attempt, and a failure report for the captured payment itself.
      const earlierAttempt = webhookBody('payment.failed', {
        id: 'pay_EarlierAttempt1',
        orderId: order.id,
        amount: 75_000,
      });
      const samePayment = webhookBody('payment.failed', {
        id: payment.id,
        orderId: order.id,
        amount: 75_000,
      });
      expect((await deliverWebhook(backend.url, earlierAttempt)).body.processed).toBe(true);
      expect((await deliverWebhook(backend.url, samePayment)).body.processed).toBe(true);
      await settle();
      expect(bus.of(EVENTS.paymentCaptured, orderId)).toHaveLength(1);
      expect(bus.of(EVENTS.paymentFailed, orderId)).toHaveLength(0);
      const { rows } = await db.query(
        'SELECT p.status, o.status AS order_status FROM payments p JOIN provider_orders o USING (order_id) WHERE p.id = $1',
        [payment.id],
      );
      expect(rows).toEqual([{ status: 'captured', order_status: 'paid' }]);
      expect((await http.post('/payments/create-order', { orderId }, token)).status).toBe(409);
    });

    it('takes the pair in the other order too: failed first, then captured, pays the order once', async () => {
      const { orderId, order, captured, orderPaid } = await paidInSandbox();
      const earlierAttempt = webhookBody('payment.failed', {
        id: 'pay_EarlierAttempt2',
        orderId: order.id,
        amount: 75_000,
      });
      expect((await deliverWebhook(backend.url, earlierAttempt)).status).toBe(200);
      await eventually(() => bus.of(EVENTS.paymentFailed, orderId).length === 1, 'payment.failed');
      expect((await deliver(orderPaid)).status).toBe(200);
      expect((await deliver(captured)).status).toBe(200);
      await eventually(() => bus.of(EVENTS.paymentCaptured, orderId).length === 1, 'payment.captured');
      await settle();
      expect(bus.of(EVENTS.paymentCaptured, orderId)).toHaveLength(1);
    });

    it('ignores a capture for an amount other than the order and one for an unknown provider order', async () => {
      const { orderId, order } = await paidInSandbox();
      const short = webhookBody('payment.captured', {
        id: 'pay_ShortAmount001',
        orderId: order.id,
        amount: 100,
      });
      expect((await deliverWebhook(backend.url, short)).status).toBe(200);
      const stranger = webhookBody('payment.captured', {
        id: 'pay_Stranger000001',
        orderId: 'order_NotOurs0000001',
        amount: 75_000,
      });
      expect((await deliverWebhook(backend.url, stranger)).body).toMatchObject({
        success: true,
        processed: true,
      });
      await settle();
      expect(bus.of(EVENTS.paymentCaptured, orderId)).toHaveLength(0);
    });
  });

  // Last: it takes the shop live.
  describe('the back office settings (settings.updated)', () => {
    const settings = (over: Partial<SettingsUpdatedEvent>): SettingsUpdatedEvent => ({
      ...SEEDED_SETTINGS,
      ...over,
    });

    it('goes live when the back office sets a key id and flips the switch, and refuses sandbox payments then', async () => {
      const { orderId, token } = await newOrder();
      const sandboxOrder = await createPayment(orderId, token);
      const sandboxPaid = await sandboxPay(sandboxOrder.id, 'success');

      await bus.publish(
        EVENTS.settingsUpdated,
        settings({ razorpayKeyId: 'rzp_live_BackOffice01', paymentGatewayLive: true }),
      );
      await eventually(async () => (await http.get('/payments/config')).body.mode === 'live', 'live mode');
      expect((await http.get('/payments/config')).body).toEqual({
        success: true,
        mode: 'live',
        keyId: 'rzp_live_BackOffice01',
        checkoutScriptUrl: 'https://checkout.razorpay.com/v1/checkout.js',
      });
      const refused = await sandboxPay(sandboxOrder.id, 'success');
      expect(refused.body).toMatchObject({ status: 404, message: 'The payment sandbox is not enabled' });
      // A payment the sandbox signed is no money: it never verifies once the shop is live.
      const verify = await http.post('/payments/verify', { ...sandboxPaid.body, orderId }, token);
      expect(verify.status).toBe(400);
      expect(verify.body.message).toBe(VERIFICATION_FAILED);
    });

    it('ignores settings older than the ones it holds, and returns to the sandbox when the switch is off', async () => {
      await bus.publish(
        EVENTS.settingsUpdated,
        settings({ razorpayKeyId: '', paymentGatewayLive: false }),
        new Date(Date.now() - 3_600_000),
      );
      await settle();
      expect((await http.get('/payments/config')).body.mode).toBe('live');
      await bus.publish(
        EVENTS.settingsUpdated,
        settings({ razorpayKeyId: 'rzp_live_BackOffice01', paymentGatewayLive: false }),
      );
      await eventually(
        async () => (await http.get('/payments/config')).body.mode === 'sandbox',
        'sandbox mode',
      );
    });
  });
});
