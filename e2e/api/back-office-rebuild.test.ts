import { databaseUrl } from '@shop/kit';
import { Client } from 'pg';
import { randomUUID } from 'node:crypto';
import { Backend, startBackend } from '../harness/backend';
import { api } from '../harness/http';
import { verifyEmail } from '../harness/verification';
import { adminToken, customerToken, eventually } from './back-office-support';
import { productPayload } from './catalog-support';
import { checkoutBody } from './order-fixtures';

jest.setTimeout(180_000);

/**
 * The read models, fed by the real services (accounts, products, a review, orders placed and paid
 * through checkout and the payment sandbox), lost, and rebuilt from the services that own the data.
 */
describe('POST /api/admin2009/read-models/rebuild', () => {
  let backend: Backend;
  let http: ReturnType<typeof api>;
  let reporting: Client;
  const admin = adminToken();
  const products: Record<string, string> = {};
  const shoppers: Record<string, { id: string; token: string }> = {};
  let before: { dashboard: any; customers: any; report: any };

  const register = async (key: string) => {
    const username = `${key}_${randomUUID().slice(0, 6)}`;
    const email = `${username}@example.com`;
    const res = await http.post('/auth/register', { username, email, password: 'Secret@123' });
    expect(res.status).toBe(201);
    // Checkout takes verified addresses only (the shop's default).
    await verifyEmail(http, backend, email);
    shoppers[key] = { id: res.body.user._id, token: res.body.token };
  };

  const placeAndPay = async (token: string, lines: { product: string; quantity: number }[], pay: boolean) => {
    const placed = await http.post('/orders', checkoutBody(lines), token);
    expect(placed.status).toBe(201);
    const order = placed.body.order as { _id: string; totalAmount: number };
    if (pay) {
      const payment = (await http.post('/payments/create-order', { orderId: order._id }, token)).body.order;
      const paid = await http.post('/payments/sandbox/pay', { key: payment.key, order_id: payment.id, outcome: 'success', method: 'upi' });
      expect((await http.post('/payments/verify', { ...paid.body, orderId: order._id }, token)).status).toBe(200);
      await eventually(() => http.get(`/orders/${order._id}`, token), (res) => res.body.order?.paymentDetails.status === 'paid', 'the order to be paid');
    }
    return order;
  };

  const dashboard = async () => (await http.get('/admin2009/dashboard', admin)).body;
  const customers = async () => (await http.get('/admin2009/customers?limit=100', admin)).body;
  const report = async () => (await http.get('/admin2009/reports?type=overview&period=30d', admin)).body;
  const withoutClock = (d: any) => ({ ...d, asOf: undefined });

  beforeAll(async () => {
    backend = await startBackend();
    http = api(backend.url);
    reporting = new Client({ connectionString: databaseUrl(backend.env.DATABASE_URL, backend.databases['admin-reporting']) });
    await reporting.connect();

    const product = async (name: string, category: string, price: number, stock: number) => {
      const res = await http.post('/admin2009/products', productPayload({ name, category, price: String(price), stock: String(stock) }), admin);
      expect(res.status).toBe(201);
      return res.body._id as string;
    };
    // Labels: 4 in stock, 1 held by the unpaid order and 2 sold leave 1, low by the default threshold.
    products.lanyard = await product('Rebuild Lanyard', 'Lanyards', 120, 500);
    products.labels = await product('Rebuild Labels', 'Labels', 150, 4);
    await register('asha');
    await register('ravi');
    const review = await http.post('/reviews', { productId: products.lanyard, rating: 4, comment: 'Sturdy strap and a clean print.' }, shoppers.asha.token);
    expect(review.status).toBe(201);

    await placeAndPay(shoppers.asha.token, [{ product: products.lanyard, quantity: 3 }], true);
    await placeAndPay(shoppers.asha.token, [{ product: products.labels, quantity: 1 }], false);
    const ravis = await placeAndPay(shoppers.ravi.token, [{ product: products.labels, quantity: 2 }], true);
    expect((await http.patch(`/admin2009/orders/${ravis._id}`, { orderStatus: 'Processing' }, admin)).status).toBe(200);

    before = {
      dashboard: await eventually(
        dashboard,
        (d) => d.totalOrders === 3 && d.pendingOrders === 2 && d.quickStats?.reviewCount === 1 && d.totalCustomers === 2 && d.totalProducts === 2 && d.totalRevenue > 0,
        'the read models to follow the services',
        30_000,
      ),
      customers: await customers(),
      report: await report(),
    };
  });

  afterAll(async () => {
    await reporting?.end();
    await backend?.stop();
  });

  it('fed by the services: every figure comes from the orders, accounts, products and review', () => {
    const d = before.dashboard;
    expect(d.salesByCategory).toEqual([
      { name: 'Lanyards', value: 60, quantity: 3, color: '#3B82F6' },
      { name: 'Labels', value: 40, quantity: 2, color: '#10B981' },
    ]);
    expect(d.topProduct).toMatchObject({ productId: products.lanyard, name: 'Rebuild Lanyard', quantity: 3, revenue: 360 });
    expect(d.quickStats).toMatchObject({ customerSatisfaction: 80, reviewCount: 1, inventoryLevel: 100 });
    expect(d.pendingActions).toMatchObject({ ordersAwaitingProcessing: 2, lowStockProducts: 1 });
    expect(before.customers.customers.find((c: { _id: string }) => c._id === shoppers.asha.id)).toMatchObject({ totalOrders: 2, status: 'active' });
  });

  it('rebuilds lost read models from the owners to the same figures', async () => {
    await reporting.query(`TRUNCATE customers, products, reviews, orders, order_lines, payments, daily_sales, product_sales, customer_stats`);
    expect(await dashboard()).toMatchObject({ totalOrders: 0, totalRevenue: 0, totalCustomers: 0, totalProducts: 0 });

    const started = await http.post('/admin2009/read-models/rebuild', {}, admin);
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ success: true, message: 'Rebuilding the read models from the owning services' });
    const done = await eventually(
      () => http.get('/admin2009/read-models/rebuild', admin),
      (res) => res.body.run?.state !== 'running',
      'the rebuild to finish',
      60_000,
    );
    expect(done.body.run).toMatchObject({ state: 'succeeded', counts: { customers: 2, products: 2, reviews: 1, orders: 3 }, error: null });

    expect(withoutClock(await dashboard())).toEqual(withoutClock(before.dashboard));
    expect(await customers()).toEqual(before.customers);
    expect(await report()).toEqual(before.report);
  });

  it('keeps following events after a rebuild', async () => {
    await placeAndPay(shoppers.ravi.token, [{ product: products.lanyard, quantity: 1 }], true);
    await eventually(dashboard, (d) => d.totalOrders === 4 && d.totalRevenue > before.dashboard.totalRevenue, 'the new order');
  });

  it('is for admins only', async () => {
    expect((await http.post('/admin2009/read-models/rebuild', {})).status).toBe(401);
    expect((await http.post('/admin2009/read-models/rebuild', {}, customerToken())).status).toBe(401);
  });
});
