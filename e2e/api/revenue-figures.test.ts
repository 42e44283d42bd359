import { EVENTS, UserRegisteredEvent } from '@shop/proto';
import { adminToken, publishEvent } from './catalog-support';
import { checkoutBody, createProduct, Http } from './order-fixtures';
import { createPaymentOrder, customerToken, eventually, RefundShop, sandboxPay, startRefundShop } from './payment-fixtures';

jest.setTimeout(180_000);

/**
 * The back office's three Total Revenue figures (dashboard, orders, customers) count the same
 * thing, what each says under it (REVENUE_COUNTS): the orders that are paid, leaving out those not
 * paid and those cancelled, whose money is refunded.
 */
describe('Total Revenue on the dashboard, the orders screen and the customers screen', () => {
  let shop: RefundShop;
  let http: Http;
  let planner: string;
  const admin = adminToken();

  const figures = async () => ({
    dashboard: (await http.get('/admin2009/dashboard', admin)).body.totalRevenue as number,
    orders: (await http.get('/admin2009/orders', admin)).body.summary.totalRevenue as number,
    customers: (await http.get('/admin2009/customers', admin)).body.summary.totalRevenue as number,
  });

  /** A customer the back office knows (user.registered), with a token to shop as them. */
  const customer = async (name: string) => {
    const { userId, token } = customerToken();
    const registered: UserRegisteredEvent = {
      userId,
      username: name,
      email: `${name}@example.com`,
      phone: null,
      createdAt: new Date().toISOString(),
      companyName: null,
      city: null,
    };
    await publishEvent(shop.backend.namespace, EVENTS.userRegistered, registered);
    return token;
  };

  const order = async (token: string, quantity: number) => {
    const placed = await http.post('/orders', checkoutBody([{ product: planner, quantity }]), token);
    expect(placed.status).toBe(201);
    return placed.body.order as { _id: string; totalAmount: number };
  };

  const pay = async (token: string, orderId: string) => {
    const providerOrder = await createPaymentOrder(http, orderId, token);
    const paid = await sandboxPay(http, providerOrder.id);
    expect((await http.post('/payments/verify', { ...paid, orderId }, token)).status).toBe(200);
  };

  beforeAll(async () => {
    shop = await startRefundShop([], {}, ['admin-reporting']);
    http = shop.http;
    planner = await createProduct(http, admin, { name: 'Revenue Planner', price: 800, stock: 1000 });
  });
  afterAll(() => shop?.stop());

  it('count paid orders only, leaving out unpaid and cancelled (refunded) ones, all three alike', async () => {
    const before = await figures();
    expect(before.orders).toBeCloseTo(before.dashboard, 2);
    expect(before.customers).toBeCloseTo(before.dashboard, 2);

    const [asha, ravi, meera] = [await customer('asha'), await customer('ravi'), await customer('meera')];
    const kept = await order(asha, 1);
    await pay(asha, kept._id);
    await order(ravi, 2);
    const refunded = await order(meera, 3);
    await pay(meera, refunded._id);
    const all = (n: { dashboard: number; orders: number; customers: number }, expected: number) =>
      [n.dashboard, n.orders, n.customers].every((value) => Math.abs(value - expected) < 0.005);
    await eventually(async () => all(await figures(), before.dashboard + kept.totalAmount + refunded.totalAmount), 'both paid orders to count', 30_000);

    expect((await http.patch(`/admin2009/orders/${refunded._id}`, { orderStatus: 'Cancelled' }, admin)).status).toBe(200);
    await eventually(async () => all(await figures(), before.dashboard + kept.totalAmount), 'the cancelled order to leave every figure', 30_000);
  });
});
