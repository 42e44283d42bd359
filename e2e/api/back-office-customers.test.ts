import { MESSAGES } from '@shop/proto';
import { ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Backend, freePort, startBackend } from '../harness/backend';
import { api } from '../harness/http';
import { adminToken, customerToken, daysAgo, EventBus, eventually } from './back-office-support';
import { createProduct } from './order-fixtures';

jest.setTimeout(120_000);

const PASSWORD = 'Secret@123';

interface Account {
  id: string;
  token: string;
  username: string;
  email: string;
}

/**
 * The customers screen over accounts registered through the API (the user service publishes them)
 * and orders published as the order service would, placed to sit on each side of the VIP and
 * inactive boundaries.
 */
describe('back-office customers', () => {
  let backend: Backend;
  let http: ReturnType<typeof api>;
  let bus: EventBus;
  const admin = adminToken();
  const accounts: Record<string, Account> = {};
  let wishedProduct: string;

  const register = async (key: string): Promise<Account> => {
    const username = `${key}_${randomUUID().slice(0, 6)}`;
    const email = `${username}@example.com`;
    const res = await http.post('/auth/register', { username, email, password: PASSWORD });
    expect(res.status).toBe(201);
    accounts[key] = { id: res.body.user._id, token: res.body.token, username, email };
    return accounts[key];
  };

  beforeAll(async () => {
    backend = await startBackend({ services: ['user', 'catalog', 'admin-reporting'] });
    http = api(backend.url);
    bus = await EventBus.open(backend.namespace);
    // Wishlisting asks the catalog whether the product exists, so this one is a real catalog product.
    wishedProduct = await createProduct(http, admin, { name: 'Brass Card Holder', price: 799, stock: 12 });
    const item = bus.product({ name: 'Bulk Tag', category: 'Labels', price: 10, stock: 1000, createdAt: daysAgo(30) });

    // Registered in this order: the list shows the newest first.
    for (const key of ['newbie', 'recent', 'lapsed', 'orders21', 'orders20', 'vip', 'edge']) await register(key);
    const edge = accounts.edge;
    expect((await http.put('/auth/me', { companyName: 'Kulkarni Prints', phone: '9876543210' }, edge.token)).status).toBe(200);
    const address = { name: 'Asha Kulkarni', phone: '9876543210', street: '12 MG Road', city: 'Pune', state: 'Maharashtra', pinCode: '411001' };
    expect((await http.post('/auth/addresses', address, edge.token)).status).toBe(201);
    expect((await http.put('/auth/wishlist', { productId: wishedProduct }, edge.token)).status).toBe(200);

    // 100000.00 exactly is not above 100000; a paisa more is.
    bus.order({ userId: edge.id, at: daysAgo(3), lines: [[item, 1, 100_000]], paid: true });
    bus.order({ userId: accounts.vip.id, at: daysAgo(3), lines: [[item, 1, 100_000.01]], paid: true });
    // 20 orders is not more than 20; 21 is.
    for (let i = 0; i < 20; i++) bus.order({ userId: accounts.orders20.id, at: daysAgo(2), lines: [[item, 1, 10]], paid: true });
    for (let i = 0; i < 21; i++) bus.order({ userId: accounts.orders21.id, at: daysAgo(2), lines: [[item, 1, 10]], paid: true });
    // Last order 91 days ago is more than 90 days old; 89 days is not.
    bus.order({ userId: accounts.lapsed.id, at: daysAgo(91), lines: [[item, 50, 10]], paid: true });
    bus.order({ userId: accounts.recent.id, at: daysAgo(89), lines: [[item, 30, 10]], paid: true });

    await eventually(
      () => http.get('/admin2009/customers?limit=100', admin),
      (res) => res.body.total === 7 && res.body.summary?.totalRevenue === 201_210.01 && res.body.customers.some((c: { city: string }) => c.city === 'Pune'),
      'the customers read model',
    );
  });

  afterAll(async () => {
    await bus?.close();
    await backend?.stop();
  });

  const list = async (query = '') => (await http.get(`/admin2009/customers?limit=100${query}`, admin)).body;
  const row = async (key: string) => (await list()).customers.find((c: { _id: string }) => c._id === accounts[key].id);

  it('lists each customer with orders count, total spent, last order date, derived type and status', async () => {
    const edge = await row('edge');
    expect(edge).toMatchObject({
      _id: accounts.edge.id,
      username: accounts.edge.username,
      email: accounts.edge.email,
      phone: '9876543210',
      companyName: 'Kulkarni Prints',
      city: 'Pune',
      isActive: true,
      isAdmin: false,
      totalOrders: 1,
      totalSpent: 100_000,
      lastOrderDate: daysAgo(3).toISOString(),
      type: 'business',
      status: 'active',
    });
    expect(await row('newbie')).toMatchObject({ totalOrders: 0, totalSpent: 0, lastOrderDate: null, city: null, type: 'individual', status: 'active' });
  });

  it('makes a customer VIP above 100000 spent, not at exactly 100000', async () => {
    expect((await row('edge')).status).toBe('active');
    expect(await row('vip')).toMatchObject({ totalSpent: 100_000.01, status: 'vip' });
  });

  it('makes a customer VIP above 20 orders, not at exactly 20', async () => {
    expect(await row('orders20')).toMatchObject({ totalOrders: 20, totalSpent: 200, status: 'active' });
    expect(await row('orders21')).toMatchObject({ totalOrders: 21, totalSpent: 210, status: 'vip' });
  });

  it('makes a customer inactive when the last order is more than 90 days old', async () => {
    expect(await row('lapsed')).toMatchObject({ status: 'inactive', lastOrderDate: daysAgo(91).toISOString() });
    expect(await row('recent')).toMatchObject({ status: 'active', lastOrderDate: daysAgo(89).toISOString() });
  });

  it('lists the newest customers first and totals the summary cards over everyone', async () => {
    const body = await list();
    expect(body.customers.map((c: { _id: string }) => c._id)).toEqual(
      ['edge', 'vip', 'orders20', 'orders21', 'lapsed', 'recent', 'newbie'].map((k) => accounts[k].id),
    );
    // 100000 + 100000.01 + 200 + 210 + 500 + 300
    expect(body.summary).toEqual({ total: 7, business: 1, individual: 6, vip: 2, totalRevenue: 201_210.01 });
  });

  it('filters by status and type', async () => {
    const ids = async (query: string) => (await list(query)).customers.map((c: { _id: string }) => c._id);
    expect(await ids('&status=vip')).toEqual([accounts.vip.id, accounts.orders21.id]);
    expect(await ids('&status=inactive')).toEqual([accounts.lapsed.id]);
    expect(await ids('&status=active')).toHaveLength(4);
    expect(await ids('&type=business')).toEqual([accounts.edge.id]);
    expect(await ids('&type=individual&status=vip')).toEqual([accounts.vip.id, accounts.orders21.id]);
    expect((await list('&status=all&type=all')).total).toBe(7);
  });

  it('searches by name, e-mail, phone or company, ignoring case', async () => {
    const ids = async (search: string) => (await list(`&search=${encodeURIComponent(search)}`)).customers.map((c: { _id: string }) => c._id);
    expect(await ids(accounts.lapsed.username.toUpperCase())).toEqual([accounts.lapsed.id]);
    expect(await ids(accounts.recent.email)).toEqual([accounts.recent.id]);
    expect(await ids('98765')).toEqual([accounts.edge.id]);
    expect(await ids('kulkarni')).toEqual([accounts.edge.id]);
    expect(await ids('100%')).toEqual([]);
  });

  it('pages the list', async () => {
    const page3 = (await http.get('/admin2009/customers?limit=3&page=3', admin)).body;
    expect(page3).toMatchObject({ total: 7, page: 3, pages: 3, limit: 3 });
    expect(page3.customers.map((c: { _id: string }) => c._id)).toEqual([accounts.newbie.id]);
    const beyond = (await http.get('/admin2009/customers?limit=3&page=4', admin)).body;
    expect(beyond).toMatchObject({ total: 7, customers: [] });
    expect((await http.get('/admin2009/customers?page=0', admin)).body).toMatchObject({ status: 400, message: 'Page must be a whole number of 1 or more' });
    expect((await http.get('/admin2009/customers?status=gold', admin)).body).toMatchObject({ status: 400, message: "Status must be 'all', 'vip', 'active' or 'inactive'" });
  });

  it('shows a customer with order history, wishlist and addresses', async () => {
    const { status, body } = await http.get(`/admin2009/customers/${accounts.edge.id}`, admin);
    expect(status).toBe(200);
    expect(body.customer).toMatchObject({ _id: accounts.edge.id, totalOrders: 1, totalSpent: 100_000, type: 'business', status: 'active', wishlistCount: 1 });
    expect(body.customer.orders).toHaveLength(1);
    expect(body.customer.orders[0]).toMatchObject({ totalAmount: 100_000, orderStatus: 'Pending', paymentStatus: 'paid' });
    expect(body.customer.orders[0].items).toEqual([expect.objectContaining({ quantity: 1, price: 100_000 })]);
    expect(body.customer.wishlist).toEqual([expect.objectContaining({ _id: wishedProduct, name: 'Brass Card Holder', price: 799 })]);
    expect(body.customer.addresses).toEqual([expect.objectContaining({ city: 'Pune', pinCode: '411001', isDefault: true })]);
  });

  it("answers 'Customer not found' for an unknown customer and 'Invalid customer ID' for a malformed id", async () => {
    expect((await http.get(`/admin2009/customers/${randomUUID()}`, admin)).body).toMatchObject({ status: 404, message: 'Customer not found' });
    expect((await http.get('/admin2009/customers/not-an-id', admin)).body).toMatchObject({ status: 400, message: 'Invalid customer ID' });
    expect((await http.delete(`/admin2009/customers/${randomUUID()}`, admin)).body).toMatchObject({ status: 404, message: 'Customer not found' });
  });

  describe('DELETE /api/admin2009/customers/:id', () => {
    let deactivatedAt: string;

    beforeAll(async () => {
      const res = await http.delete(`/admin2009/customers/${accounts.lapsed.id}`, admin);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, message: 'Customer deactivated successfully', customer: { _id: accounts.lapsed.id, isActive: false } });
      deactivatedAt = res.body.customer.deactivatedAt;
    });

    it('refuses the account its logins', async () => {
      const res = await http.post('/auth/login', { identifier: accounts.lapsed.email, password: PASSWORD });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(MESSAGES.accountDisabled);
    });

    it('refuses its tokens on /auth/me and on every customer route, before reaching the owning service', async () => {
      const token = accounts.lapsed.token;
      // No cart service runs here: only the gateway can answer for the cart.
      const cart = await eventually(() => http.get('/cart', token), (res) => res.status !== 503, 'the gateway to learn of the deactivation');
      expect(cart.body).toMatchObject({ status: 401, message: MESSAGES.accountDisabled });
      expect((await http.get('/auth/me', token)).body).toMatchObject({ status: 401, message: MESSAGES.accountDisabled });
      expect((await http.get('/auth/me', accounts.recent.token)).status).toBe(200);
    });

    it('keeps the customer and their orders, marked inactive', async () => {
      const lapsed = await eventually(() => row('lapsed'), (c) => c.isActive === false, 'the read model to take in user.deactivated');
      expect(lapsed).toMatchObject({ totalOrders: 1, totalSpent: 500 });
      const detail = await http.get(`/admin2009/customers/${accounts.lapsed.id}`, admin);
      expect(detail.body.customer).toMatchObject({ isActive: false });
      expect(detail.body.customer.orders).toHaveLength(1);
    });

    it('changes nothing when asked again', async () => {
      const res = await http.delete(`/admin2009/customers/${accounts.lapsed.id}`, admin);
      expect(res.status).toBe(200);
      expect(res.body.customer.deactivatedAt).toBe(deactivatedAt);
    });

    it('is refused by a gateway started afterwards, which asks the user service at start', async () => {
      const port = await freePort();
      const gateway: ChildProcess = spawn(process.execPath, [join(__dirname, '..', '..', 'gateway', 'dist', 'main.js')], {
        env: { ...process.env, ...backend.env, PORT: String(port), HOST: '127.0.0.1' },
        stdio: 'ignore',
      });
      try {
        const fresh = api(`http://127.0.0.1:${port}`);
        await eventually(() => fetch(`http://127.0.0.1:${port}/health/live`).then((r) => r.ok).catch(() => false), (ok) => ok, 'the second gateway');
        await eventually(() => fresh.get('/auth/me', accounts.lapsed.token), (res) => res.status === 401, 'the second gateway to refuse the token', 5000);
        expect((await fresh.get('/auth/me', accounts.recent.token)).status).toBe(200);
      } finally {
        gateway.kill('SIGTERM');
      }
    });
  });

  it('is for admins only', async () => {
    expect((await http.get('/admin2009/customers')).status).toBe(401);
    expect((await http.delete(`/admin2009/customers/${accounts.newbie.id}`, customerToken(accounts.newbie.id))).status).toBe(401);
    expect((await http.get('/auth/me', accounts.newbie.token)).status).toBe(200);
  });
});
