import { EVENTS, istDay, istMonthOf, istMonthStart, NO_QUERY_INBOX_NOTE, ProductDeletedEvent, ReviewCreatedEvent } from '@shop/proto';
import { randomUUID } from 'node:crypto';
import { Backend, startBackend } from '../harness/backend';
import { api } from '../harness/http';
import { adminToken, customerToken, EventBus, eventually } from './back-office-support';

jest.setTimeout(90_000);

const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * The dashboard over a shop seeded through its events: four live products (one created this
 * month), three customers (one registered this month), six orders (three last month, three this
 * month), three reviews. Every expected figure below is worked out by hand from that seed.
 */
describe('GET /api/admin2009/dashboard', () => {
  let backend: Backend;
  let http: ReturnType<typeof api>;
  let bus: EventBus;
  const admin = adminToken();
  const now = new Date();
  const monthStart = istMonthStart(istMonthOf(now));
  const lastMonth = new Date(monthStart.getTime() - 10 * DAY);
  const thisMonth = (hours: number) => new Date(monthStart.getTime() + hours * HOUR);
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    backend = await startBackend({ services: ['user', 'admin-reporting'] });
    http = api(backend.url);
    bus = await EventBus.open(backend.namespace);

    const earlier = new Date(monthStart.getTime() - 15 * DAY);
    ids.lanyard = bus.product({ name: 'Lanyard Classic', category: 'Lanyards', price: 100, stock: 50, createdAt: thisMonth(0.5) });
    ids.labels = bus.product({ name: 'Label Roll', category: 'Labels', price: 250, stock: 3, createdAt: earlier });
    ids.stickers = bus.product({ name: 'Sticker Pack', category: 'Stickers', price: 40, stock: 8, lowStockThreshold: 10, createdAt: earlier });
    ids.mug = bus.product({ name: 'Steel Mug', category: 'Drinkware', price: 500, stock: 0, createdAt: earlier });
    // Deleted, then a stale copy of it arrives late: it must stay deleted.
    ids.gone = bus.product({ name: 'Retired Pen', category: 'Stationery', price: 10, stock: 100, createdAt: earlier, version: 2 });
    bus.publish<ProductDeletedEvent>(EVENTS.productDeleted, { productId: ids.gone, version: 2, name: 'Retired Pen', deleted: true, deletedAt: earlier.toISOString() });
    bus.product({ id: ids.gone, name: 'Retired Pen', category: 'Stationery', price: 10, stock: 100, createdAt: earlier, version: 1 });

    ids.alice = bus.customer({ username: 'alice', registeredAt: new Date(monthStart.getTime() - 40 * DAY) });
    ids.bob = bus.customer({ username: 'bob', registeredAt: new Date(monthStart.getTime() - 5 * DAY) });
    ids.carol = bus.customer({ username: 'carol', registeredAt: thisMonth(2) });

    // Last month: 450 paid and delivered, 200 paid and processing, 500 expired unpaid.
    ids.o1 = bus.order({ userId: ids.alice, at: lastMonth, lines: [[ids.lanyard, 2, 100], [ids.labels, 1, 250]], paid: true, statuses: ['Processing', 'Shipped', 'Delivered'], duplicate: true }).orderId;
    ids.o2 = bus.order({ userId: ids.bob, at: new Date(lastMonth.getTime() + HOUR), lines: [[ids.stickers, 5, 40]], paid: true, statuses: ['Processing'] }).orderId;
    ids.o3 = bus.order({ userId: ids.bob, at: new Date(lastMonth.getTime() + 2 * HOUR), lines: [[ids.mug, 1, 500]], cancel: 'expired' }).orderId;
    // This month: 900 paid (its payment event arrives before the order's), 500 unpaid by an account
    // the read model does not know, 400 paid then cancelled by staff.
    ids.o4 = bus.order({ userId: ids.carol, at: thisMonth(1), lines: [[ids.lanyard, 4, 100], [ids.mug, 1, 500]], paid: true, paidFirst: true }).orderId;
    ids.o5 = bus.order({ userId: randomUUID(), at: thisMonth(2), lines: [[ids.labels, 2, 250]] }).orderId;
    ids.o6 = bus.order({ userId: ids.carol, at: thisMonth(3), lines: [[ids.stickers, 10, 40]], paid: true, cancel: 'staff' }).orderId;

    for (const [productId, rating] of [[ids.lanyard, 5], [ids.labels, 4], [ids.stickers, 3]] as const) {
      const review: ReviewCreatedEvent = { reviewId: randomUUID(), productId, userId: ids.alice, rating, averageRating: rating, reviewCount: 1, createdAt: now.toISOString() };
      const envelope = bus.publish(EVENTS.reviewCreated, review);
      bus.redeliver(envelope);
    }

    await eventually(
      () => http.get('/admin2009/dashboard', admin),
      (res) => res.body.totalOrders === 6 && res.body.totalRevenue === 1550 && res.body.quickStats?.reviewCount === 3 && res.body.totalCustomers === 3 && res.body.pendingOrders === 2 && res.body.totalProducts === 4,
      'the read models to take in the seeded events',
    );
  });

  afterAll(async () => {
    await bus?.close();
    await backend?.stop();
  });

  it('shows all-time totals: revenue of paid orders not cancelled, every order, live products, customers', async () => {
    const { status, body } = await http.get('/admin2009/dashboard', admin);
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, period: 'current', totalRevenue: 1550, totalOrders: 6, totalProducts: 4, totalCustomers: 3 });
  });

  it('answers ?period=previous_month with the totals as they stood when this month began', async () => {
    const { status, body } = await http.get('/admin2009/dashboard?period=previous_month', admin);
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      period: 'previous_month',
      asOf: monthStart.toISOString(),
      totalRevenue: 650,
      totalOrders: 3,
      totalProducts: 3,
      totalCustomers: 2,
    });
  });

  it('gives month-over-month growth by the spec formula, to one decimal', async () => {
    const { body } = await http.get('/admin2009/dashboard', admin);
    // (1550-650)/650 = 138.46%, (6-3)/3 = 100%, (4-3)/3 = 33.33%, (3-2)/2 = 50%
    expect(body.growth).toEqual({ totalRevenue: 138.5, totalOrders: 100, totalProducts: 33.3, totalCustomers: 50 });
    expect(body.previousMonth).toEqual({ totalRevenue: 650, totalOrders: 3, totalProducts: 3, totalCustomers: 2 });
  });

  it('buckets the revenue trend per month of a year and per day of a month', async () => {
    const last = istMonthOf(lastMonth);
    const current = istMonthOf(now);
    const lastDay = Number(istDay(lastMonth).slice(8, 10));

    const byDay = await http.get(`/admin2009/dashboard?year=${last.year}&month=${last.month}`, admin);
    expect(byDay.status).toBe(200);
    const days = byDay.body.revenueTrend.points;
    expect(days).toHaveLength(new Date(Date.UTC(last.year, last.month, 0)).getUTCDate());
    expect(days[lastDay - 1]).toMatchObject({ day: lastDay, revenue: 650, orders: 3 });
    expect(days.filter((d: { orders: number }) => d.orders > 0)).toHaveLength(1);

    const thisMonthDays = await http.get(`/admin2009/dashboard?year=${current.year}&month=${current.month}`, admin);
    expect(thisMonthDays.body.revenueTrend.points[0]).toMatchObject({ day: 1, revenue: 900, orders: 3 });

    const byMonth = await http.get(`/admin2009/dashboard?year=${last.year}&month=all`, admin);
    const months = byMonth.body.revenueTrend.points;
    expect(months).toHaveLength(12);
    expect(months[last.month - 1]).toMatchObject({ month: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][last.month - 1], revenue: 650, orders: 3 });
    if (last.year === current.year) expect(months[current.month - 1]).toMatchObject({ revenue: 900, orders: 3 });
    expect(byMonth.body.revenueTrend.years).toEqual([...new Set([current.year, last.year])].sort((a, b) => b - a));
  });

  it('defaults the trend to the current year, all months', async () => {
    const { body } = await http.get('/admin2009/dashboard', admin);
    expect(body.revenueTrend).toMatchObject({ year: istMonthOf(now).year, month: 'all' });
    expect(body.revenueTrend.points).toHaveLength(12);
  });

  it('shares sales by category as rounded percents of items sold, seven colours in turn', async () => {
    const { body } = await http.get('/admin2009/dashboard', admin);
    // Paid, not cancelled: lanyards 2+4, stickers 5, labels 1, mugs 1 = 13 items.
    expect(body.salesByCategory).toEqual([
      { name: 'Lanyards', value: 46, quantity: 6, color: '#3B82F6' },
      { name: 'Stickers', value: 38, quantity: 5, color: '#10B981' },
      { name: 'Drinkware', value: 8, quantity: 1, color: '#F59E0B' },
      { name: 'Labels', value: 8, quantity: 1, color: '#EF4444' },
    ]);
  });

  it('lists the five newest orders with the display id, the customer or Guest User, amount and status', async () => {
    const { body } = await http.get('/admin2009/dashboard', admin);
    expect(body.recentOrders.map((o: { _id: string }) => o._id)).toEqual([ids.o6, ids.o5, ids.o4, ids.o3, ids.o2]);
    expect(body.recentOrders[0]).toMatchObject({
      displayId: `ORD-${ids.o6.slice(-8).toUpperCase()}`,
      customerName: 'carol',
      totalAmount: 400,
      orderStatus: 'Cancelled',
      // Paid, then cancelled by staff: its money is owed back.
      paymentStatus: 'refund_pending',
    });
    expect(body.recentOrders[1]).toMatchObject({ customerName: 'Guest User', user: null, totalAmount: 500, orderStatus: 'Pending', paymentStatus: 'pending' });
    expect(body.recentOrders[3]).toMatchObject({ orderStatus: 'Cancelled', paymentStatus: 'expired' });
  });

  it('computes the quick stats: fulfillment over orders not cancelled, satisfaction from ratings, inventory in stock', async () => {
    const { body } = await http.get('/admin2009/dashboard', admin);
    // 1 delivered of 4 not cancelled; ratings 5, 4, 3 average 4 of 5; 3 of 4 products in stock.
    expect(body.quickStats).toEqual({ orderFulfillment: 25, customerSatisfaction: 80, inventoryLevel: 75, averageRating: 4, reviewCount: 3 });
    expect(body).toMatchObject({ orderFulfillment: 25, customerSatisfaction: 80, inventoryLevel: 75, pendingOrders: 2 });
  });

  it('names the top product by quantity times price', async () => {
    const { body } = await http.get('/admin2009/dashboard', admin);
    // Lanyards 6 x 100 = 600 beat mugs 1 x 500, labels 250 and stickers 200.
    expect(body.topProduct).toEqual({ productId: ids.lanyard, name: 'Lanyard Classic', quantity: 6, revenue: 600 });
  });

  it('counts pending actions: Pending orders, products low by their own threshold (5 by default), and says why queries are 0', async () => {
    const { body } = await http.get('/admin2009/dashboard', admin);
    // Labels 3 <= 5, stickers 8 <= their own 10, mugs 0 <= 5; lanyards 50 are fine.
    expect(body.pendingActions).toEqual({ ordersAwaitingProcessing: 2, lowStockProducts: 3, customerQueriesPending: 0 });
    expect(body.pendingCustomerQueries).toBe(0);
    expect(body.notes).toEqual({ pendingCustomerQueries: NO_QUERY_INBOX_NOTE });
  });

  it('rejects a bad period or month with the message', async () => {
    expect((await http.get('/admin2009/dashboard?period=last_week', admin)).body).toMatchObject({
      status: 400,
      message: "Period must be 'current' or 'previous_month'",
    });
    expect((await http.get('/admin2009/dashboard?month=13', admin)).body).toMatchObject({ status: 400, message: "Month must be 'all' or a number from 1 to 12" });
  });

  it('is for admins only', async () => {
    expect((await http.get('/admin2009/dashboard')).status).toBe(401);
    expect((await http.get('/admin2009/dashboard', customerToken())).status).toBe(401);
  });
});
