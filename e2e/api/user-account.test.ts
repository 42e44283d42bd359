import { databaseUrl } from '@shop/kit';
import { brokerNames, EventEnvelope, MESSAGES, TOKEN_AUDIENCE, TOKEN_ISSUER } from '@shop/proto';
import { ChannelModel, connect } from 'amqplib';
import * as jwt from 'jsonwebtoken';
import { Client } from 'pg';
import { Backend, startBackend, TEST_ADMIN, TEST_JWT_SECRET } from '../harness/backend';
import { api } from '../harness/http';
import { adminToken } from './catalog-support';
import { createProduct } from './order-fixtures';

jest.setTimeout(60_000);

const PASSWORD = 'Secret@123';

describe('customer and admin accounts (/api/auth, /api/admin2009)', () => {
  let backend: Backend;
  let http: ReturnType<typeof api>;
  let db: Client;
  let bus: ChannelModel;
  const published: EventEnvelope<Record<string, unknown>>[] = [];
  let seq = 0;

  /** The events of one type about one user that reached the bus, once `count` of them have. */
  const eventsAbout = async (type: string, userId: string, count = 1) => {
    const deadline = Date.now() + 5000;
    const matching = () => published.filter((e) => e.type === type && e.data.userId === userId);
    while (matching().length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    return matching().map((e) => e.data);
  };

  /** Registers a fresh customer; each test gets its own so tests do not depend on each other. */
  const register = async (password = PASSWORD) => {
    seq += 1;
    const username = `shopper_${seq}`;
    const res = await http.post('/auth/register', { username, email: `Shopper${seq}@Example.com`, password });
    expect(res.status).toBe(201);
    return {
      token: res.body.token as string,
      user: res.body.user,
      username,
      email: `shopper${seq}@example.com`,
    };
  };

  const adminLogin = async () => {
    const res = await http.post('/admin2009/login', TEST_ADMIN);
    expect(res.status).toBe(200);
    return res.body.token as string;
  };

  beforeAll(async () => {
    // Every request here comes from one address: lift the sign-in throttle (user-login-limits covers it).
    backend = await startBackend({ services: ['user', 'catalog', 'order'], env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
    http = api(backend.url);
    db = new Client({ connectionString: databaseUrl(backend.env.DATABASE_URL, backend.databases.user) });
    await db.connect();
    bus = await connect(backend.env.AMQP_URL);
    const channel = await bus.createChannel();
    const exchange = brokerNames(backend.namespace).eventsExchange;
    await channel.assertExchange(exchange, 'topic', { durable: true });
    const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true });
    await channel.bindQueue(queue, exchange, 'user.*');
    await channel.consume(queue, (msg) => msg && published.push(JSON.parse(msg.content.toString())), {
      noAck: true,
    });
  });
  afterAll(async () => {
    await bus?.close();
    await db?.end();
    await backend?.stop();
  });

  describe('POST /auth/register', () => {
    it('creates the customer and answers 201 with a customer token and the user, never the password', async () => {
      const res = await http.post('/auth/register', {
        username: 'Asha_K',
        email: 'Asha.K@Example.com',
        password: PASSWORD,
      });
      expect(res.status).toBe(201);
      expect(res.body.success).toBe(true);
      expect(res.body.user).toMatchObject({
        username: 'Asha_K',
        email: 'asha.k@example.com',
        phone: null,
        wishlist: [],
        addresses: [],
        emailVerified: false,
      });
      expect(res.body.user._id).toBe(res.body.user.id);
      expect(JSON.stringify(res.body).toLowerCase()).not.toContain('password');
      expect(JSON.stringify(res.body)).not.toContain('argon2');

      const claims = jwt.verify(res.body.token, TEST_JWT_SECRET, {
        audience: TOKEN_AUDIENCE.customer,
        issuer: TOKEN_ISSUER,
      }) as jwt.JwtPayload;
      expect(claims).toMatchObject({ sub: res.body.user._id, role: 'customer' });
      expect(claims.exp! - claims.iat!).toBe(7 * 24 * 3600);
    });

    it('publishes user.registered, its address not yet verified', async () => {
      const { user } = await register();
      const events = await eventsAbout('user.registered', user._id);
      expect(events).toEqual([
        {
          userId: user._id,
          username: user.username,
          email: user.email,
          phone: null,
          createdAt: user.createdAt,
          companyName: null,
          city: null,
          emailVerified: false,
        },
      ]);
    });

    it('answers 400 with error and every problem in details', async () => {
      const res = await http.post('/auth/register', {
        username: 'a',
        email: 'not-an-email',
        password: 'short',
      });
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.details).toEqual([
        'Username must be between 3 and 30 characters',
        'Please enter a valid email',
        'Password must be at least 8 characters long',
      ]);
      expect(res.body.error).toBe('Username must be between 3 and 30 characters');
      expect(res.body.message).toBe(res.body.error);
    });

    it("says 'Username is required', 'Email is required' and 'Password is required' for an empty form", async () => {
      const res = await http.post('/auth/register', {});
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual(['Username is required', 'Email is required', 'Password is required']);
    });

    it('rejects usernames with characters other than letters, numbers, dots, dashes and underscores', async () => {
      const res = await http.post('/auth/register', {
        username: 'has space',
        email: 'space@example.com',
        password: PASSWORD,
      });
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([
        'Username may contain only letters, numbers, dots, dashes and underscores',
      ]);
    });

    it('requires a strong password by default, listing each missing part', async () => {
      const res = await http.post('/auth/register', {
        username: 'weakling',
        email: 'weak@example.com',
        password: 'alllowercase',
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Password must contain an uppercase letter');
      expect(res.body.details).toEqual([
        'Password must contain an uppercase letter',
        'Password must contain a number',
        'Password must contain a symbol',
      ]);
    });

    it("answers 409 'Email is already registered' for an e-mail in use, whatever its case", async () => {
      const { email } = await register();
      const res = await http.post('/auth/register', {
        username: 'someone_new',
        email: email.toUpperCase(),
        password: PASSWORD,
      });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Email is already registered');
      expect(res.body.details).toEqual(['Email is already registered']);
    });

    it("answers 409 'Username is already taken' for a username in use, whatever its case", async () => {
      const { username } = await register();
      const res = await http.post('/auth/register', {
        username: username.toUpperCase(),
        email: 'fresh@example.com',
        password: PASSWORD,
      });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Username is already taken');
    });
  });

  describe('POST /auth/login', () => {
    it('signs in by e-mail and by username in any case, and sets lastLogin', async () => {
      const { username, email, user } = await register();
      expect(user.lastLogin).toBeNull();
      const before = Date.now();

      const byEmail = await http.post('/auth/login', { identifier: email.toUpperCase(), password: PASSWORD });
      expect(byEmail.status).toBe(200);
      expect(byEmail.body.success).toBe(true);
      expect(byEmail.body.user._id).toBe(user._id);
      expect(typeof byEmail.body.token).toBe('string');
      expect(Date.parse(byEmail.body.user.lastLogin)).toBeGreaterThanOrEqual(before - 1000);

      const byUsername = await http.post('/auth/login', {
        identifier: username.toUpperCase(),
        password: PASSWORD,
      });
      expect(byUsername.status).toBe(200);
      expect((await http.get('/auth/me', byUsername.body.token)).body.user._id).toBe(user._id);
    });

    it(`answers 401 '${MESSAGES.invalidCredentials}' for a wrong password and for an unknown account alike`, async () => {
      const { email } = await register();
      const wrong = await http.post('/auth/login', { identifier: email, password: 'Wrong@123' });
      const unknown = await http.post('/auth/login', {
        identifier: 'nobody@example.com',
        password: PASSWORD,
      });
      for (const res of [wrong, unknown]) {
        expect(res.status).toBe(401);
        expect(res.body).toMatchObject({ success: false, message: MESSAGES.invalidCredentials });
      }
    });

    it("asks for the identifier and the password: 'Please enter your email or username', 'Please enter your password'", async () => {
      const res = await http.post('/auth/login', { identifier: ' ', password: '' });
      expect(res.status).toBe(400);
      expect(res.body.errors.map((e: { message: string }) => e.message)).toEqual([
        'Please enter your email or username',
        'Please enter your password',
      ]);
    });

    it(`refuses a deactivated account with 403 '${MESSAGES.accountDisabled}', and its token no longer opens /auth/me`, async () => {
      const { email, token, user } = await register();
      await db.query('UPDATE users SET is_active = false WHERE id = $1', [user._id]);

      const login = await http.post('/auth/login', { identifier: email, password: PASSWORD });
      expect(login.status).toBe(403);
      expect(login.body.message).toBe(MESSAGES.accountDisabled);
      const me = await http.get('/auth/me', token);
      expect(me.status).toBe(401);
      expect(me.body.message).toBe(MESSAGES.accountDisabled);
    });
  });

  describe('tokens', () => {
    it("answers 401 'Authentication required' without a token", async () => {
      const res = await http.get('/auth/me');
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        success: false,
        status: 401,
        message: 'Authentication required',
        errors: [],
      });
    });

    it('answers 401 for an expired customer token', async () => {
      const { user } = await register();
      const expired = jwt.sign(
        { sub: user._id, role: 'customer', exp: Math.floor(Date.now() / 1000) - 60 },
        TEST_JWT_SECRET,
        { algorithm: 'HS256', audience: TOKEN_AUDIENCE.customer, issuer: TOKEN_ISSUER },
      );
      const res = await http.get('/auth/me', expired);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Your session has expired. Please log in again.');
    });

    it('answers 401 for a token signed with another secret', async () => {
      const { user } = await register();
      const forged = jwt.sign({ sub: user._id, role: 'customer' }, 'another-secret-another-secret-012345', {
        audience: TOKEN_AUDIENCE.customer,
        issuer: TOKEN_ISSUER,
      });
      expect((await http.get('/auth/me', forged)).status).toBe(401);
    });

    it('refuses an admin token on /auth/me', async () => {
      const res = await http.get('/auth/me', await adminLogin());
      expect(res.status).toBe(401);
    });

    it('refuses a customer token on /admin2009/profile with 401', async () => {
      const { token } = await register();
      const res = await http.get('/admin2009/profile', token);
      expect(res.status).toBe(401);
      expect(res.body.success).toBe(false);
    });
  });

  describe('GET and PUT /auth/me', () => {
    it('returns the signed-in user', async () => {
      const { token, user } = await register();
      const res = await http.get('/auth/me', token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, user });
    });

    it('updates only the profile fields sent and publishes user.updated', async () => {
      const { token, user } = await register();
      const res = await http.put(
        '/auth/me',
        { phone: '9876543210', name: 'Asha Kumar', companyName: 'Kumar Traders' },
        token,
      );
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({
        username: user.username,
        email: user.email,
        phone: '9876543210',
        name: 'Asha Kumar',
        companyName: 'Kumar Traders',
        profilePic: null,
      });

      const renamed = await http.put(
        '/auth/me',
        { username: `${user.username}_x`, email: 'Renamed@Example.com', profilePic: '/uploads/me.png' },
        token,
      );
      expect(renamed.body.user).toMatchObject({
        username: `${user.username}_x`,
        email: 'renamed@example.com',
        phone: '9876543210',
        profilePic: '/uploads/me.png',
      });

      expect(await eventsAbout('user.updated', user._id, 2)).toEqual([
        {
          userId: user._id,
          username: user.username,
          email: user.email,
          phone: '9876543210',
          name: 'Asha Kumar',
          profilePic: null,
          companyName: 'Kumar Traders',
          city: null,
          emailVerified: false,
        },
        {
          userId: user._id,
          username: `${user.username}_x`,
          email: 'renamed@example.com',
          phone: '9876543210',
          name: 'Asha Kumar',
          profilePic: '/uploads/me.png',
          companyName: 'Kumar Traders',
          city: null,
          emailVerified: false,
        },
      ]);
    });

    it("stamps lastLogin with the server's time when only lastLogin is sent, without publishing user.updated", async () => {
      const { token, user } = await register();
      const before = Date.now();
      const res = await http.put('/auth/me', { lastLogin: '2001-01-01T00:00:00.000Z' }, token);
      expect(res.status).toBe(200);
      expect(Date.parse(res.body.user.lastLogin)).toBeGreaterThanOrEqual(before - 1000);
      await http.put('/auth/me', { name: 'Marker' }, token);
      expect(await eventsAbout('user.updated', user._id)).toEqual([
        expect.objectContaining({ name: 'Marker' }),
      ]);
    });

    it('clears the phone with an empty string', async () => {
      const { token } = await register();
      await http.put('/auth/me', { phone: '9876543210' }, token);
      const res = await http.put('/auth/me', { phone: '' }, token);
      expect(res.body.user.phone).toBeNull();
    });

    it.each([
      [{ username: '' }, 'Username and email are required'],
      [{ email: '  ' }, 'Username and email are required'],
      [{ email: 'not-an-email' }, 'Please enter a valid email'],
      [{ phone: '12345' }, 'Phone must be exactly 10 digits'],
      [{ phone: '98765432100' }, 'Phone must be exactly 10 digits'],
    ])('rejects %j with 400 %p', async (body, message) => {
      const { token } = await register();
      const res = await http.put('/auth/me', body, token);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });

    it('answers 409 when the new username or e-mail belongs to someone else', async () => {
      const other = await register();
      const { token } = await register();
      const username = await http.put('/auth/me', { username: other.username.toUpperCase() }, token);
      expect(username.status).toBe(409);
      expect(username.body.message).toBe('Username is already taken');
      const email = await http.put('/auth/me', { email: other.email }, token);
      expect(email.status).toBe(409);
      expect(email.body.message).toBe('Email is already registered');
    });
  });

  describe('PUT /auth/change-password', () => {
    it("changes the password: 'Password changed successfully', the old one stops working and the new one works", async () => {
      const { token, email } = await register();
      const res = await http.put(
        '/auth/change-password',
        { currentPassword: PASSWORD, newPassword: 'Newer@4567', confirmPassword: 'Newer@4567' },
        token,
      );
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: 'Password changed successfully', token: expect.any(String) });
      expect((await http.post('/auth/login', { identifier: email, password: PASSWORD })).status).toBe(401);
      expect((await http.post('/auth/login', { identifier: email, password: 'Newer@4567' })).status).toBe(
        200,
      );
    });

    it("answers 400 'Current password is incorrect' for a wrong current password (not 401: that would sign the customer out)", async () => {
      const { token } = await register();
      const res = await http.put(
        '/auth/change-password',
        { currentPassword: 'Wrong@1234', newPassword: 'Newer@4567' },
        token,
      );
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Current password is incorrect');
    });

    it.each([
      [{ newPassword: 'Newer@4567' }, 'Current password is required'],
      [{ currentPassword: PASSWORD, newPassword: 'Ab@1' }, 'New password must be at least 8 characters long'],
      [
        { currentPassword: PASSWORD, newPassword: 'Newer@4567', confirmPassword: 'Other@4567' },
        'Passwords do not match',
      ],
      [{ currentPassword: PASSWORD, newPassword: 'newer@4567' }, 'Password must contain an uppercase letter'],
    ])('rejects %j with 400 %p', async (body, message) => {
      const { token } = await register();
      const res = await http.put('/auth/change-password', body, token);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });

    it('needs a customer token', async () => {
      const res = await http.put('/auth/change-password', {
        currentPassword: PASSWORD,
        newPassword: 'Newer@4567',
      });
      expect(res.status).toBe(401);
    });
  });

  describe('GET /auth/stats', () => {
    it('answers the stats with the wishlist count and no orders yet', async () => {
      const { token } = await register();
      const productId = await createProduct(http, adminToken(), { price: 120, stock: 10 });
      expect((await http.put('/auth/wishlist', { productId }, token)).status).toBe(200);
      const res = await http.get('/auth/stats', token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        stats: { totalOrders: 0, totalSpent: 0, deliveredOrders: 0, wishlistCount: 1, recentOrders: [] },
      });
    });
  });

  describe('admin sign-in (/admin2009)', () => {
    it('lets the seeded admin log in with an admin token and {_id, email}', async () => {
      const res = await http.post('/admin2009/login', {
        email: TEST_ADMIN.email.toUpperCase(),
        password: TEST_ADMIN.password,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        token: expect.any(String),
        admin: { _id: expect.any(String), email: TEST_ADMIN.email },
      });
      const claims = jwt.verify(res.body.token, TEST_JWT_SECRET, {
        audience: TOKEN_AUDIENCE.admin,
        issuer: TOKEN_ISSUER,
      }) as jwt.JwtPayload;
      expect(claims).toMatchObject({ sub: res.body.admin._id, role: 'admin' });
      expect(claims.exp! - claims.iat!).toBe(30 * 60);
    });

    it(`answers 401 '${MESSAGES.invalidCredentials}' for a wrong admin password`, async () => {
      const res = await http.post('/admin2009/login', { email: TEST_ADMIN.email, password: 'Wrong@12345' });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(MESSAGES.invalidCredentials);
    });

    it('does not let a customer sign in to the back office', async () => {
      const { email } = await register();
      const res = await http.post('/admin2009/login', { email, password: PASSWORD });
      expect(res.status).toBe(401);
    });

    it("asks for the e-mail: 'Email is required'", async () => {
      const res = await http.post('/admin2009/login', { password: 'x' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Email is required');
    });

    it('returns the admin profile for an admin token, and 401 without one', async () => {
      const token = await adminLogin();
      const res = await http.get('/admin2009/profile', token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        admin: { _id: expect.any(String), email: TEST_ADMIN.email },
      });
      expect((await http.get('/admin2009/profile')).status).toBe(401);
    });

    it('logs the admin out', async () => {
      const token = await adminLogin();
      const res = await http.post('/admin2009/logout', {}, token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: 'Logged out successfully' });
      const { rows } = await db.query('SELECT last_logout FROM admins WHERE email = $1', [TEST_ADMIN.email]);
      expect(rows[0].last_logout).not.toBeNull();
    });

    it('refuses a customer token on /admin2009/logout', async () => {
      const { token } = await register();
      expect((await http.post('/admin2009/logout', {}, token)).status).toBe(401);
    });
  });
});
