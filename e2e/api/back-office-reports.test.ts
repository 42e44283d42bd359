import { addDays, addMonths, EVENTS, istDay, PaymentCapturedEvent, PaymentFailedEvent } from '@shop/proto';
import { Backend, startBackend } from '../harness/backend';
import { api } from '../harness/http';
import { adminToken, customerToken, daysAgo, EventBus, eventually } from './back-office-support';

jest.setTimeout(90_000);

/**
 * The reports over orders placed at noon (IST) a set number of days ago, so every period window is
 * known in advance: 1 day ago 200 (lanyards), 10 days 250 (labels), 45 days 100 unpaid, one year
 * after the 400-day order (34 or 35 days ago) 500 (mug), 100 days 400 (stickers), 200 days 500
 * (lanyards), 400 days 1000 (labels).
 */
describe('back-office reports', () => {
  let backend: Backend;
  let http: ReturnType<typeof api>;
  let bus: EventBus;
  const admin = adminToken();
  const now = new Date();
  const today = istDay(now);
  const yearAfterR6 = addMonths(addDays(today, -400), 12);
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    backend = await startBackend({ services: ['user', 'admin-reporting'] });
    http = api(backend.url);
    bus = await EventBus.open(backend.namespace);
    const long = daysAgo(900);
    ids.lanyard = bus.product({ name: 'Lanyard Classic', category: 'Lanyards', price: 100, stock: 50, createdAt: long });
    ids.labels = bus.product({ name: 'Label Roll', category: 'Labels', price: 250, stock: 3, createdAt: long });
    ids.stickers = bus.product({ name: 'Sticker Pack', category: 'Stickers', price: 40, stock: 8, lowStockThreshold: 10, createdAt: long });
    ids.mug = bus.product({ name: 'Steel Mug', category: 'Drinkware', price: 500, stock: 0, createdAt: long });
    ids.c1 = bus.customer({ username: 'asha', registeredAt: daysAgo(5) });
    ids.c2 = bus.customer({ username: 'bharat', companyName: 'Acme Labels', registeredAt: daysAgo(40) });
    ids.c3 = bus.customer({ username: 'chitra', registeredAt: daysAgo(500) });

    ids.r1 = bus.order({ userId: ids.c1, at: daysAgo(1), lines: [[ids.lanyard, 2, 100]], paid: true }).orderId;
    ids.r2 = bus.order({ userId: ids.c1, at: daysAgo(10), lines: [[ids.labels, 1, 250]], paid: true }).orderId;
    ids.r3 = bus.order({ userId: ids.c2, at: daysAgo(45), lines: [[ids.lanyard, 1, 100]] }).orderId;
    const r7At = new Date(daysAgo(0).getTime() - (Date.parse(today) - Date.parse(yearAfterR6)));
    ids.r7 = bus.order({ userId: ids.c2, at: r7At, lines: [[ids.mug, 1, 500]], paid: true }).orderId;
    ids.r4 = bus.order({ userId: ids.c2, at: daysAgo(100), lines: [[ids.stickers, 10, 40]], paid: true }).orderId;
    ids.r5 = bus.order({ userId: ids.c3, at: daysAgo(200), lines: [[ids.lanyard, 5, 100]], paid: true }).orderId;
    ids.r6 = bus.order({ userId: ids.c3, at: daysAgo(400), lines: [[ids.labels, 4, 250]], paid: true }).orderId;

    bus.publish<PaymentCapturedEvent>(EVENTS.paymentCaptured, { orderId: ids.r1, paymentId: 'pay_r1', providerOrderId: 'order_r1', amountPaise: 20000, method: 'upi', capturedAt: daysAgo(1).toISOString() });
    bus.publish<PaymentCapturedEvent>(EVENTS.paymentCaptured, { orderId: ids.r2, paymentId: 'pay_r2', providerOrderId: 'order_r2', amountPaise: 25000, method: 'card', capturedAt: daysAgo(10).toISOString() });
    bus.publish<PaymentFailedEvent>(EVENTS.paymentFailed, { orderId: ids.r3, providerOrderId: 'order_r3', reason: 'Payment failed' });

    await eventually(
      () => http.get(`/admin2009/reports/sales?period=custom&from=${addDays(today, -800)}&to=${today}`, admin),
      (res) => res.body.totals?.orders === 7 && res.body.totals.revenue === 2850,
      'the read models to take in the seeded orders',
    );
    await eventually(
      () => http.get('/admin2009/reports?type=sales&period=7d', admin),
      (res) => res.body.payments?.failedAttempts === 1 && res.body.payments.captured.length === 1,
      'the payments',
    );
  });

  afterAll(async () => {
    await bus?.close();
    await backend?.stop();
  });

  const sales = (query: string) => http.get(`/admin2009/reports/sales?${query}`, admin);

  it.each([
    ['7d', 200, 1],
    ['30d', 450, 2],
    ['90d', 950, 4],
    ['6m', 1350, 5],
    ['1y', 1850, 6],
  ])('filters the sales report to the last %s: revenue %d from %d orders', async (period, revenue, orders) => {
    const { status, body } = await sales(`period=${period}`);
    expect(status).toBe(200);
    expect(body.totals).toMatchObject({ revenue, orders });
    expect(body.window.to).toBe(today);
  });

  it('charts the last 7 days day by day, empty days at zero', async () => {
    const { body } = await sales('period=7d');
    expect(body.window).toEqual({ period: '7d', from: addDays(today, -6), to: today, days: 7, bucket: 'day' });
    expect(body.sales).toHaveLength(7);
    expect(body.sales[5]).toEqual({ date: addDays(today, -1), label: addDays(today, -1), revenue: 200, orders: 1 });
    expect(body.sales.reduce((sum: number, s: { orders: number }) => sum + s.orders, 0)).toBe(1);
  });

  it('charts six months month by month', async () => {
    const { body } = await sales('period=6m');
    expect(body.window.bucket).toBe('month');
    expect(body.sales.length).toBeGreaterThanOrEqual(6);
    expect(body.sales.reduce((sum: number, s: { revenue: number }) => sum + s.revenue, 0)).toBe(1350);
  });

  it('takes a custom range of days', async () => {
    const day = addDays(today, -400);
    const { body } = await sales(`period=custom&from=${day}&to=${day}`);
    expect(body.totals).toEqual({ revenue: 1000, refunds: 0, orders: 1, averageOrderValue: 1000 });
    expect(body.sales).toEqual([{ date: day, label: day, revenue: 1000, orders: 1 }]);
  });

  it('ranks top products by units sold within the period, then revenue', async () => {
    const year = await http.get('/admin2009/reports/top-products?period=1y', admin);
    expect(year.status).toBe(200);
    expect(year.body.products).toEqual([
      { product: { _id: ids.stickers, name: 'Sticker Pack', price: 40, category: 'Stickers' }, totalSold: 10, revenue: 400 },
      { product: { _id: ids.lanyard, name: 'Lanyard Classic', price: 100, category: 'Lanyards' }, totalSold: 7, revenue: 700 },
      { product: { _id: ids.mug, name: 'Steel Mug', price: 500, category: 'Drinkware' }, totalSold: 1, revenue: 500 },
      { product: { _id: ids.labels, name: 'Label Roll', price: 250, category: 'Labels' }, totalSold: 1, revenue: 250 },
    ]);
    const month = await http.get('/admin2009/reports/top-products?period=30d', admin);
    expect(month.body.products.map((p: { product: { _id: string }; totalSold: number }) => [p.product._id, p.totalSold])).toEqual([
      [ids.lanyard, 2],
      [ids.labels, 1],
    ]);
    const one = await http.get('/admin2009/reports/top-products?period=1y&limit=1', admin);
    expect(one.body.products).toHaveLength(1);
  });

  it('shows the overview: metrics against the previous window, category performance and customer segments', async () => {
    const { status, body } = await http.get('/admin2009/reports?type=overview&period=30d', admin);
    expect(status).toBe(200);
    // This 30 days: 450 from 2 paid orders. The 30 days before: the 500 mug and the unpaid order.
    expect(body.metrics).toEqual({
      revenue: { value: 450, previous: 500, growth: -10 },
      orders: { value: 2, previous: 2, growth: 0 },
      averageOrderValue: { value: 225, previous: 500, growth: -55 },
      newCustomers: { value: 1, previous: 1, growth: 0 },
      refunds: { value: 0, previous: 0, growth: 0 },
    });
    expect(body.customerSegments).toEqual({ vip: 0, active: 2, inactive: 1, business: 1, individual: 2, newInPeriod: 1, orderingInPeriod: 1 });
    expect(Object.keys(body).sort()).toEqual(
      ['categoryPerformance', 'customerSegments', 'metrics', 'monthlyComparison', 'sales', 'success', 'topProducts', 'type', 'window'].sort(),
    );
  });

  it('gives category performance as shares of units sold over the period', async () => {
    const { body } = await http.get('/admin2009/reports?type=products&period=1y', admin);
    expect(body.categoryPerformance).toEqual([
      { category: 'Stickers', quantity: 10, revenue: 400, orders: 1, share: 53, color: '#3B82F6' },
      { category: 'Lanyards', quantity: 7, revenue: 700, orders: 2, share: 37, color: '#10B981' },
      { category: 'Drinkware', quantity: 1, revenue: 500, orders: 1, share: 5, color: '#F59E0B' },
      { category: 'Labels', quantity: 1, revenue: 250, orders: 1, share: 5, color: '#EF4444' },
    ]);
    expect(body.metrics).toBeUndefined();
  });

  it('compares each month of the period with the same month a year before', async () => {
    const { body } = await http.get(`/admin2009/reports?type=sales&period=custom&from=${yearAfterR6}&to=${yearAfterR6}`, admin);
    expect(body.monthlyComparison).toHaveLength(1);
    expect(body.monthlyComparison[0]).toMatchObject({ month: yearAfterR6.slice(0, 7), previousYearRevenue: 1000, previousYearOrders: 1 });
    expect(body.monthlyComparison[0].revenue).toBeGreaterThanOrEqual(500);
  });

  it('breaks the sales report down by payment method and counts failed attempts in the period', async () => {
    const { body } = await http.get('/admin2009/reports?type=sales&period=7d', admin);
    expect(body.payments).toEqual({ captured: [{ method: 'upi', payments: 1, amount: 200 }], failedAttempts: 1 });
  });

  it('reports inventory: in stock, low by the own threshold, out of stock, stock value', async () => {
    const { body } = await http.get('/admin2009/reports?type=inventory', admin);
    expect(body.inventory).toEqual({
      totalProducts: 4,
      inStock: 3,
      lowStock: 2,
      outOfStock: 1,
      stockValue: 6070,
      lowStockProducts: [
        { _id: ids.mug, name: 'Steel Mug', stock: 0, threshold: 5 },
        { _id: ids.labels, name: 'Label Roll', stock: 3, threshold: 5 },
        { _id: ids.stickers, name: 'Sticker Pack', stock: 8, threshold: 10 },
      ],
    });
  });

  it('exports the chosen report as CSV with every cell quoted', async () => {
    const res = await fetch(`${backend.url}/api/admin2009/reports/export.csv?type=products&period=1y`, { headers: { authorization: `Bearer ${admin}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="report-products-${addDays(addMonths(today, -12), 1)}-to-${today}.csv"`);
    const lines = (await res.text()).trim().split('\r\n');
    expect(lines).toContain('"Product","Category","Price","Units sold","Revenue"');
    expect(lines).toContain('"Sticker Pack","Stickers","40.00","10","400.00"');
    expect(lines).toContain('"Stickers","10","400.00","1","53"');
    for (const line of lines.filter(Boolean)) expect(line).toMatch(/^"[^"]*"(,"[^"]*")*$/);
  });

  it('rejects filters it does not know with their messages', async () => {
    expect((await sales('period=2w')).body).toMatchObject({ status: 400, message: 'Period must be one of 7d, 30d, 90d, 6m, 1y or custom' });
    expect((await sales('period=custom&from=2025-01-01')).body).toMatchObject({ status: 400, message: 'A custom period needs from and to dates as YYYY-MM-DD' });
    expect((await sales('period=custom&from=2025-02-01&to=2025-01-01')).body).toMatchObject({ status: 400, message: 'The start date must not be after the end date' });
    expect((await sales('period=custom&from=2025-02-30&to=2025-03-01')).body).toMatchObject({ status: 400, message: 'Dates must be given as YYYY-MM-DD' });
    expect((await http.get('/admin2009/reports?type=finance', admin)).body).toMatchObject({
      status: 400,
      message: 'Report type must be one of overview, sales, products, customers or inventory',
    });
  });

  it('is for admins only', async () => {
    expect((await http.get('/admin2009/reports/sales')).status).toBe(401);
    expect((await http.get('/admin2009/reports/top-products', customerToken())).status).toBe(401);
  });
});
