import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import { EVENTS, OrderCancelledEvent, PaymentCapturedEvent } from '@shop/proto';
import { Backend, startBackend } from '../harness/backend';
import { api } from '../harness/http';
import { adminToken } from './catalog-support';
import {
  ADDRESS,
  availableStock,
  catalogDb,
  checkoutBody,
  createProduct,
  Http,
  orderDb,
} from './order-fixtures';
import { Bus, customerToken, eventually, pause } from './payment-fixtures';

jest.setTimeout(90_000);

/** A payment window of 3 seconds and a sweep every second, so expiry happens within the test. */
const TTL_SECONDS = 3;

describe('unpaid orders expire; checkouts cut short are settled', () => {
  let backend: Backend;
  let http: Http;
  let orders: Client;
  let catalog: Client;
  let bus: Bus;
  const admin = adminToken();

  beforeAll(async () => {
    backend = await startBackend({
      services: ['user', 'catalog', 'order'],
      serviceEnv: {
        order: {
          ORDER_PAYMENT_TTL_MINUTES: String(TTL_SECONDS / 60),
          ORDER_EXPIRY_SWEEP_SECONDS: '1',
          ORDER_RESERVATION_RECOVERY_SECONDS: '2',
        },
      },
    });
    http = api(backend.url);
    orders = await orderDb(backend);
    catalog = await catalogDb(backend);
    bus = await Bus.open(backend.namespace, [EVENTS.orderExpired, EVENTS.orderPlaced, EVENTS.orderPaid]);
  });
  afterAll(async () => {
    await bus?.close();
    await orders?.end();
    await catalog?.end();
    await backend?.stop();
  });

  const status = async (id: string, token: string) => (await http.get(`/orders/${id}`, token)).body.order;

  it('cancels an unpaid order after ORDER_PAYMENT_TTL_MINUTES, publishes order.expired, and its stock comes back', async () => {
    const product = await createProduct(http, admin, { name: 'Expiring Tote', price: 200, stock: 10 });
    const { token, userId } = customerToken();
    const placed = (
      await http.post('/orders', checkoutBody([{ product, quantity: 4 }], { coupon: 'WELCOME10' }), token)
    ).body.order;
    expect(await availableStock(http, product)).toBe(6);

    await eventually(
      async () => (await status(placed._id, token)).orderStatus === 'Cancelled',
      'the order to expire',
      15_000,
    );
    const expired = await status(placed._id, token);
    expect(expired).toMatchObject({
      orderStatus: 'Cancelled',
      cancelReason: 'expired',
      paymentDetails: { status: 'expired' },
      estimatedDelivery: null,
    });
    expect(expired.statusHistory.map((h: { status: string }) => h.status)).toEqual(['Pending', 'Cancelled']);
    expect(
      new Date(expired.statusHistory[1].at).getTime() - new Date(placed.createdAt).getTime(),
    ).toBeGreaterThanOrEqual(TTL_SECONDS * 1000);

    await eventually(async () => (await availableStock(http, product)) === 10, 'the stock to come back');
    expect(bus.of<OrderCancelledEvent>(EVENTS.orderExpired, placed._id).map((e) => e.data)).toEqual([
      expect.objectContaining({
        orderId: placed._id,
        userId,
        reason: 'expired',
        paid: false,
        lines: [expect.objectContaining({ productId: product, quantity: 4 })],
      }),
    ]);
    const { rows } = await orders.query(
      `SELECT count(*)::int AS n FROM coupon_redemptions WHERE order_id = $1`,
      [placed._id],
    );
    expect(rows[0].n).toBe(0);
  });

  it('expires an order whose payment failed, but never a paid one', async () => {
    const product = await createProduct(http, admin, { name: 'Paid Tote', price: 200, stock: 10 });
    const { token } = customerToken();
    const paid = (await http.post('/orders', checkoutBody([{ product, quantity: 1 }]), token)).body.order;
    const failed = (await http.post('/orders', checkoutBody([{ product, quantity: 1 }]), token)).body.order;
    await bus.publish<PaymentCapturedEvent>(EVENTS.paymentCaptured, {
      orderId: paid._id,
      paymentId: 'pay_expiry_test',
      providerOrderId: 'order_expiry_test',
      amountPaise: Math.round(paid.totalAmount * 100),
      method: 'card',
      capturedAt: new Date().toISOString(),
    });
    await bus.publish(EVENTS.paymentFailed, {
      orderId: failed._id,
      providerOrderId: 'order_expiry_failed',
      reason: 'Payment failed',
    });
    await eventually(
      async () => (await status(failed._id, token)).orderStatus === 'Cancelled',
      'the failed order to expire',
      15_000,
    );
    await pause(TTL_SECONDS * 1000);
    expect(await status(paid._id, token)).toMatchObject({
      orderStatus: 'Processing',
      paymentDetails: { status: 'paid' },
    });
    expect(await availableStock(http, product)).toBe(9);
  });

  describe('an order row a stopped checkout left without the catalog’s answer', () => {
    /** Writes what the order service writes before it asks the catalog, as if it had stopped right then. */
    async function strandedOrder(product: string, quantity: number, userId = randomUUID()): Promise<string> {
      const id = randomUUID();
      await orders.query(
        `INSERT INTO orders (id, user_id, payment_method, subtotal_paise, discount_paise, shipping_paise, tax_paise, tax_rate, total_paise,
                             shipping_address, expires_at, created_at, updated_at)
         VALUES ($1, $2, 'razorpay', 20000, 0, 9900, 5382, 18, 35282, $3, now() + interval '1 hour', now() - interval '10 seconds', now() - interval '10 seconds')`,
        [id, userId, JSON.stringify(ADDRESS)],
      );
      await orders.query(
        `INSERT INTO order_lines (order_id, position, product_id, name, base_price_paise, unit_price_paise, quantity) VALUES ($1, 0, $2, 'Stranded', 20000, 20000, $3)`,
        [id, product, quantity],
      );
      await orders.query(
        `INSERT INTO order_status_history (order_id, status, at) VALUES ($1, 'Pending', now())`,
        [id],
      );
      return id;
    }

    it('becomes an order once the catalog reserves it, with order.placed published once', async () => {
      const product = await createProduct(http, admin, { name: 'Stranded Pen', price: 200, stock: 5 });
      const userId = randomUUID();
      const id = await strandedOrder(product, 2, userId);
      await eventually(
        async () =>
          (await orders.query(`SELECT reservation FROM orders WHERE id = $1`, [id])).rows[0]?.reservation ===
          'reserved',
        'the row to be settled',
      );
      expect(await availableStock(http, product)).toBe(3);
      await eventually(() => bus.of(EVENTS.orderPlaced, id).length === 1, 'order.placed');
      expect((await http.get(`/orders/${id}`, customerToken(userId).token)).status).toBe(200);
    });

    it('is removed when the catalog has no stock for it, holding nothing', async () => {
      const product = await createProduct(http, admin, { name: 'Stranded Lamp', price: 200, stock: 1 });
      const id = await strandedOrder(product, 3);
      await eventually(
        async () => (await orders.query(`SELECT 1 FROM orders WHERE id = $1`, [id])).rowCount === 0,
        'the row to be removed',
      );
      expect(await availableStock(http, product)).toBe(1);
      const { rows } = await catalog.query(
        `SELECT count(*)::int AS n FROM stock_reservations WHERE order_id = $1`,
        [id],
      );
      expect(rows[0].n).toBe(0);
    });
  });
});
