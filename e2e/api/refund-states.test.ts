import { EVENTS, PaymentRefundedEvent, PaymentRefundFailedEvent, toPaise } from '@shop/proto';
import { Client } from 'pg';
import type { Backend } from '../harness/backend';
import { adminToken } from './catalog-support';
import { checkoutBody, createProduct, Http } from './order-fixtures';
import {
  answerRefunds,
  Bus,
  createPaymentOrder,
  customerToken,
  eventually,
  freePort,
  pause,
  RefundShop,
  sandboxPay,
  settleSandboxRefund,
  startRefundShop,
} from './payment-fixtures';

jest.setTimeout(180_000);

/** Few, so that a refund that keeps failing is given up within the test. */
const MAX_ATTEMPTS = 3;

/**
 * Refunds as Razorpay makes them, with the real catalog, order, payment and admin-reporting
 * services and the simulated Razorpay: a paid order staff cancel is refunded once; a refund
 * Razorpay leaves pending shows as pending until it is processed; a refund Razorpay fails is tried
 * again under a new idempotency key, and given up for staff to see after PAYMENT_REFUND_MAX_ATTEMPTS;
 * and the back office's revenue leaves out what was given back. The refund sweep runs every second.
 */
describe('refunds of paid orders staff cancel, in every state Razorpay leaves them', () => {
  let shop: RefundShop;
  let backend: Backend;
  let http: Http;
  let paymentDb: Client;
  let bus: Bus;
  let notebook: string;
  let sandboxPort: number;
  const admin = adminToken();

  const backOfficeView = async (orderId: string) =>
    (await http.get(`/admin2009/orders/${orderId}`, admin)).body.order;
  const storefrontView = async (orderId: string, token: string) =>
    (await http.get(`/orders/${orderId}`, token)).body.order;
  /** An order placed, paid in the sandbox and verified, as the payment screen does it. */
  const paidOrder = async (quantity = 2) => {
    const { token } = customerToken();
    const placed = await http.post('/orders', checkoutBody([{ product: notebook, quantity }]), token);
    expect(placed.status).toBe(201);
    const order = placed.body.order as { _id: string; totalAmount: number };
    const providerOrder = await createPaymentOrder(http, order._id, token);
    const paid = await sandboxPay(http, providerOrder.id);
    expect((await http.post('/payments/verify', { ...paid, orderId: order._id }, token)).status).toBe(200);
    await eventually(
      async () => (await storefrontView(order._id, token)).paymentDetails.status === 'paid',
      'the order to be paid',
    );
    return { token, order, paymentId: paid.razorpay_payment_id };
  };
  const cancel = async (orderId: string) => {
    const res = await http.patch(`/admin2009/orders/${orderId}`, { orderStatus: 'Cancelled' }, admin);
    expect(res.status).toBe(200);
    return res.body.order;
  };
  const paymentRow = async (paymentId: string) =>
    (
      await paymentDb.query(
        `SELECT status, refund_reason, refund_id, refund_attempts, refund_round, refund_error FROM payments WHERE id = $1`,
        [paymentId],
      )
    ).rows[0];
  const sandboxRefunds = async (paymentId: string) =>
    (
      await paymentDb.query(
        `SELECT id, amount, status, idempotency_key FROM sandbox_refunds WHERE payment_id = $1 ORDER BY created_at, id`,
        [paymentId],
      )
    ).rows as { id: string; amount: number; status: string; idempotency_key: string }[];
  const events = <T>(type: string, orderId: string) => bus.of<T>(type, orderId).map((e) => e.data);
  const paymentStatusIs = (orderId: string, status: string) =>
    eventually(
      async () => (await backOfficeView(orderId)).paymentDetails.status === status,
      `the order's payment to be ${status}`,
      30_000,
    );
  /** Lets another sweep, a late webhook or a replay do whatever it would do before counting. */
  const settle = () => pause(3000);

  beforeAll(async () => {
    sandboxPort = await freePort();
    shop = await startRefundShop(
      [
        EVENTS.paymentRefunded,
        EVENTS.paymentRefundPending,
        EVENTS.paymentRefundFailed,
        EVENTS.orderCancelled,
      ],
      { PAYMENT_REFUND_MAX_ATTEMPTS: String(MAX_ATTEMPTS), RAZORPAY_SANDBOX_PORT: String(sandboxPort) },
      ['admin-reporting'],
    );
    ({ backend, http, paymentDb, bus } = shop);
    notebook = await createProduct(http, admin, { name: 'Refund State Notebook', price: 450, stock: 1000 });
  });
  afterAll(async () => {
    await shop?.stop();
  });

  it('refunds a paid order staff cancel, once, and shows it refunded in both apps', async () => {
    const { token, order, paymentId } = await paidOrder();

    const cancelled = await cancel(order._id);
    // What the cancel dialog's answer shows at once: the money is on its way back.
    expect(cancelled).toMatchObject({
      orderStatus: 'Cancelled',
      paymentDetails: { status: 'refund_pending' },
    });
    await paymentStatusIs(order._id, 'refunded');
    await settle();

    const refunds = await sandboxRefunds(paymentId);
    expect(refunds).toEqual([
      {
        id: expect.stringMatching(/^rfnd_/),
        amount: toPaise(order.totalAmount),
        status: 'processed',
        idempotency_key: `refund_${paymentId}`,
      },
    ]);
    expect(await paymentRow(paymentId)).toMatchObject({
      status: 'refunded',
      refund_reason: 'cancelled',
      refund_id: refunds[0].id,
    });
    expect(events<PaymentRefundedEvent>(EVENTS.paymentRefunded, order._id)).toEqual([
      expect.objectContaining({
        paymentId,
        refundId: refunds[0].id,
        reason: 'cancelled',
        amountPaise: toPaise(order.totalAmount),
      }),
    ]);
    for (const view of [await backOfficeView(order._id), await storefrontView(order._id, token)]) {
      expect(view).toMatchObject({
        orderStatus: 'Cancelled',
        cancelReason: 'staff',
        paymentDetails: { status: 'refunded', paymentId },
        refunds: [
          {
            amount: order.totalAmount,
            reason: 'cancelled',
            status: 'processed',
            paymentId,
            refundId: refunds[0].id,
            refundedAt: expect.any(String),
          },
        ],
      });
    }
  });

  it('shows a refund Razorpay leaves pending as pending, not done, until Razorpay processes it', async () => {
    const { token, order, paymentId } = await paidOrder();
    await answerRefunds(paymentDb, paymentId, 'pending');

    await cancel(order._id);
    await eventually(
      () => events(EVENTS.paymentRefundPending, order._id).length === 1,
      'payment.refund-pending',
      30_000,
    );
    await eventually(
      async () => (await backOfficeView(order._id)).refunds?.[0]?.status === 'pending',
      'the pending refund to be on the order',
    );
    await settle();

    const [pending] = await sandboxRefunds(paymentId);
    expect(await sandboxRefunds(paymentId)).toHaveLength(1);
    expect(pending.status).toBe('pending');
    expect(await paymentRow(paymentId)).toMatchObject({
      status: 'refund_pending',
      refund_id: pending.id,
      refund_attempts: 1,
    });
    expect(events(EVENTS.paymentRefunded, order._id)).toEqual([]);
    for (const view of [await backOfficeView(order._id), await storefrontView(order._id, token)]) {
      expect(view).toMatchObject({
        paymentDetails: { status: 'refund_pending' },
        refunds: [{ status: 'pending', refundId: pending.id, refundedAt: null }],
      });
    }

    // Razorpay processes it in its own time and says so by webhook.
    await settleSandboxRefund(sandboxPort, pending.id, 'processed');
    await paymentStatusIs(order._id, 'refunded');
    expect((await backOfficeView(order._id)).refunds).toEqual([
      expect.objectContaining({ status: 'processed', refundId: pending.id, refundedAt: expect.any(String) }),
    ]);
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'refunded', refund_id: pending.id });
    expect(events(EVENTS.paymentRefunded, order._id)).toHaveLength(1);
  });

  it('tries a refund Razorpay failed again under a new idempotency key, and records the one that succeeds', async () => {
    const { order, paymentId } = await paidOrder();
    await answerRefunds(paymentDb, paymentId, 'failed');

    await cancel(order._id);
    await eventually(
      async () => (await paymentRow(paymentId)).refund_round >= 1,
      'the refund.failed webhook to be taken in',
      30_000,
    );
    expect((await paymentRow(paymentId)).refund_error).toMatch(/^refund rfnd_\w+ failed at Razorpay$/);
    expect((await backOfficeView(order._id)).paymentDetails.status).toBe('refund_pending');
    await answerRefunds(paymentDb, paymentId, 'processed');

    await paymentStatusIs(order._id, 'refunded');
    await settle();
    const refunds = await sandboxRefunds(paymentId);
    expect(refunds.length).toBeGreaterThanOrEqual(2);
    expect(refunds.slice(0, -1).every((r) => r.status === 'failed')).toBe(true);
    expect(refunds[refunds.length - 1].status).toBe('processed');
    expect(new Set(refunds.map((r) => r.idempotency_key)).size).toBe(refunds.length);
    const row = await paymentRow(paymentId);
    expect(row).toMatchObject({
      status: 'refunded',
      refund_id: refunds[refunds.length - 1].id,
      refund_error: null,
    });
    expect(events<PaymentRefundedEvent>(EVENTS.paymentRefunded, order._id).map((e) => e.refundId)).toEqual([
      refunds[refunds.length - 1].id,
    ]);
    expect(events(EVENTS.paymentRefundFailed, order._id)).toEqual([]);
  });

  it(`gives a refund that failed ${MAX_ATTEMPTS} times up and shows staff it failed`, async () => {
    const { token, order, paymentId } = await paidOrder();
    await answerRefunds(paymentDb, paymentId, 'failed');

    await cancel(order._id);
    await paymentStatusIs(order._id, 'refund_failed');
    await settle();

    expect(await sandboxRefunds(paymentId)).toHaveLength(MAX_ATTEMPTS);
    expect(await paymentRow(paymentId)).toMatchObject({
      status: 'refund_failed',
      refund_attempts: MAX_ATTEMPTS,
    });
    expect(events<PaymentRefundFailedEvent>(EVENTS.paymentRefundFailed, order._id)).toEqual([
      expect.objectContaining({
        paymentId,
        reason: 'cancelled',
        attempts: MAX_ATTEMPTS,
        error: expect.stringMatching(/failed at Razorpay/),
      }),
    ]);
    for (const view of [await backOfficeView(order._id), await storefrontView(order._id, token)]) {
      expect(view).toMatchObject({
        paymentDetails: { status: 'refund_failed' },
        refunds: [{ status: 'failed', refundedAt: null, error: expect.stringMatching(/failed at Razorpay/) }],
      });
    }
    expect(backend.logs('payment')).toContain(
      `refund of payment ${paymentId} (order ${order._id}) failed on attempt ${MAX_ATTEMPTS} and is given up`,
    );
  });

  it('leaves what was refunded out of the dashboard revenue and shows it as refunds in the reports', async () => {
    const dashboard = async () => (await http.get('/admin2009/dashboard', admin)).body;
    const report = async () => (await http.get('/admin2009/reports?type=sales&period=7d', admin)).body;
    await eventually(
      async () => (await dashboard()).totalOrders >= 4,
      'the earlier orders to reach the dashboard',
      30_000,
    );
    const before = { dashboard: await dashboard(), report: await report() };

    const kept = await paidOrder(1);
    const refunded = await paidOrder(3);
    await eventually(
      async () =>
        (await dashboard()).totalRevenue ===
        before.dashboard.totalRevenue + kept.order.totalAmount + refunded.order.totalAmount,
      'both paid orders to count as revenue',
      30_000,
    );
    await cancel(refunded.order._id);
    await paymentStatusIs(refunded.order._id, 'refunded');
    await eventually(
      async () => (await report()).metrics.refunds.value > before.report.metrics.refunds.value,
      'the refund to reach the reports',
      30_000,
    );

    expect((await dashboard()).totalRevenue).toBeCloseTo(
      before.dashboard.totalRevenue + kept.order.totalAmount,
      2,
    );
    const after = await report();
    expect(after.metrics.revenue.value).toBeCloseTo(
      before.report.metrics.revenue.value + kept.order.totalAmount,
      2,
    );
    expect(after.metrics.refunds.value).toBeCloseTo(
      before.report.metrics.refunds.value + refunded.order.totalAmount,
      2,
    );
    const csv = await http.get<string>('/admin2009/reports/export.csv?type=sales&period=7d', admin);
    expect(csv.status).toBe(200);
    expect(csv.body).toContain(`"Refunds","${after.metrics.refunds.value.toFixed(2)}"`);
    const orders = await http.get<string>('/admin2009/orders/export.csv', admin);
    expect(orders.body.split('\r\n')[0]).toContain('"Refund Status","Refunded"');
    expect(orders.body).toContain(`"Cancelled","refunded","${refunded.order.totalAmount.toFixed(2)}"`);
  });
});
