import { databaseUrl } from '@shop/kit';
import {
  ACCOUNT_SECURITY_MESSAGES,
  EMAIL_VERIFICATION_FIELD,
  emailNotVerifiedMessage,
  tooManyVerificationLinks,
  verificationLinkSentMessage,
} from '@shop/proto';
import { Client } from 'pg';
import { Backend, startBackend } from '../harness/backend';
import { api } from '../harness/http';
import { latestVerificationLink, linkIn, tokenOfLink, verificationMails } from '../harness/verification';
import { queuedVerificationMails } from './account-support';
import { adminToken, eventually } from './back-office-support';
import { checkoutBody, createProduct } from './order-fixtures';

jest.setTimeout(180_000);

const PUBLIC_URL = 'http://shop.test:8080';
const PASSWORD = 'Secret@123';
const HOUR = 3_600_000;

/**
 * "Require e-mail verification" (on by default): a new account gets a signed link for 24 hours,
 * may browse and fill its cart, but checkout is refused until the link is opened. The mails are
 * read from the backend's maildev, as delivered over SMTP; what was queued, from the user service's
 * `mails`.
 */
describe('e-mail verification (/api/auth/verify-email, and checkout refused until then)', () => {
  let backend: Backend;
  let http: ReturnType<typeof api>;
  let users: Client;
  let orders: Client;
  let product: string;
  let seq = 0;
  const admin = adminToken();

  beforeAll(async () => {
    backend = await startBackend({
      services: ['user', 'catalog', 'cart', 'order', 'admin-reporting'],
      serviceEnv: { user: { PUBLIC_URL } },
    });
    http = api(backend.url);
    users = new Client({ connectionString: databaseUrl(backend.env.DATABASE_URL, backend.databases.user) });
    orders = new Client({ connectionString: databaseUrl(backend.env.DATABASE_URL, backend.databases.order) });
    await Promise.all([users.connect(), orders.connect()]);
    product = await createProduct(http, admin, { name: 'Verified Notebook', price: 450, stock: 1000 });
  });
  afterAll(async () => {
    await users?.end();
    await orders?.end();
    await backend?.stop();
  });

  const register = async (prefix = 'verify') => {
    seq += 1;
    const username = `${prefix}_${seq}_${Date.now().toString(36)}`;
    const email = `${username}@example.com`;
    const res = await http.post('/auth/register', { username, email, password: PASSWORD });
    expect(res.status).toBe(201);
    return { username, email, token: res.body.token as string, user: res.body.user };
  };

  const latestLink = (email: string, count = 1) => latestVerificationLink(backend, email, count);

  const placeOrder = (token: string) => http.post('/orders', checkoutBody([{ product, quantity: 1 }]), token);

  const ordersOf = async (userId: string) =>
    (await orders.query(`SELECT id FROM orders WHERE user_id = $1`, [userId])).rows.length;

  /** Changes a setting and waits until both the user and the order service hold it. */
  const setRequireVerification = async (on: boolean) => {
    expect((await http.patch('/admin2009/settings', { requireEmailVerification: on }, admin)).status).toBe(
      200,
    );
    for (const db of [users, orders]) {
      await eventually(
        async () =>
          (await db.query(`SELECT data->>'requireEmailVerification' AS v FROM shop_settings`)).rows[0]?.v,
        (v) => v === String(on),
        'the setting to reach the user and order services',
      );
    }
  };

  it('queues a link for 24 hours to a new account, which signs in unverified', async () => {
    const before = Date.now();
    const { username, email, token, user } = await register();
    expect(user.emailVerified).toBe(false);
    expect((await http.get('/auth/me', token)).body.user.emailVerified).toBe(false);
    const [mail] = await verificationMails(backend, email);
    expect(mail.subject).toBe('Verify your e-mail address for MS & Jaksh');
    expect(mail.text).toContain(`Hello ${username},`);
    expect(mail.text).toContain('The link works until');
    const link = linkIn(mail);
    expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/verify-email\\?token=[A-Za-z0-9._-]+$`));
    // The link names no address: only its owner's inbox holds it.
    expect(tokenOfLink(link)).not.toContain(email.split('@')[0]);

    const queued = await queuedVerificationMails(backend, email);
    expect(queued).toHaveLength(1);
    expect(queued[0].data.username).toBe(username);
    const expiresAt = new Date(queued[0].data.expiresAt as string).getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(before + 24 * HOUR - 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 24 * HOUR);
    // Once the relay took the mail, the database keeps no usable link.
    await eventually(
      () => queuedVerificationMails(backend, email),
      (rows) => !('link' in rows[0].data),
      'the sent link to leave the mail queue',
    );
  });

  it('lets an unverified account browse and fill its cart, but refuses its checkout with 409, the message and the emailVerification field', async () => {
    const { email, token, user } = await register();
    expect((await http.get(`/products/${product}`)).status).toBe(200);
    await eventually(
      async () => (await http.post('/cart', { productId: product, quantity: 2 }, token)).status,
      (status) => status === 200 || status === 201,
      'the cart to take the product',
    );
    expect((await http.get('/cart', token)).body.cart.items).toHaveLength(1);

    const refused = await placeOrder(token);
    expect(refused.status).toBe(409);
    const message = emailNotVerifiedMessage(email);
    expect(refused.body).toMatchObject({
      success: false,
      status: 409,
      message,
      errors: [{ field: EMAIL_VERIFICATION_FIELD, message }],
    });
    expect(await ordersOf(user._id)).toBe(0);
  });

  it('sends a new link on request, five an hour at most, each a mail of its own', async () => {
    const { email, token } = await register();
    for (let sent = 2; sent <= 5; sent++) {
      const res = await http.post('/auth/verify-email/resend', {}, token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: verificationLinkSentMessage(email) });
      expect(await verificationMails(backend, email, sent)).toHaveLength(sent);
    }
    const sixth = await http.post('/auth/verify-email/resend', {}, token);
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toBe(tooManyVerificationLinks(5));
    const queued = await queuedVerificationMails(backend, email);
    expect(queued).toHaveLength(5);
    expect(new Set(queued.map((m) => m.dedupeKey)).size).toBe(5);
    expect(await verificationMails(backend, email, 5)).toHaveLength(5);
    expect((await http.post('/auth/verify-email/resend', {})).status).toBe(401);
  });

  it('verifies the address from the link, after which checkout goes through at once and a resend says it is verified', async () => {
    const { email, token, user } = await register();
    expect((await placeOrder(token)).status).toBe(409);

    const res = await http.post('/auth/verify-email', { token: tokenOfLink(await latestLink(email)) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: ACCOUNT_SECURITY_MESSAGES.emailVerified,
      user: { _id: user._id, email, emailVerified: true },
    });
    expect((await http.get('/auth/me', token)).body.user.emailVerified).toBe(true);
    // No waiting for the order service's projection: it asks the user service before refusing.
    const placed = await placeOrder(token);
    expect(placed.status).toBe(201);
    expect(await ordersOf(user._id)).toBe(1);

    const again = await http.post('/auth/verify-email', { token: tokenOfLink(await latestLink(email)) });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe(ACCOUNT_SECURITY_MESSAGES.emailVerified);
    const resend = await http.post('/auth/verify-email/resend', {}, token);
    expect(resend.status).toBe(409);
    expect(resend.body.message).toBe(ACCOUNT_SECURITY_MESSAGES.emailAlreadyVerified);
    await eventually(
      async () =>
        (await orders.query(`SELECT email_verified FROM customers WHERE user_id = $1`, [user._id])).rows[0]
          ?.email_verified,
      (verified) => verified === true,
      "the order service's projection to hear of the verification",
    );
  });

  it('refuses a malformed or altered link with "This verification link is not valid"', async () => {
    const { email } = await register();
    const token = tokenOfLink(await latestLink(email));
    const [user, expires, tag, signature] = token.split('.');
    const altered = [
      'garbage',
      `${user}.${Number(expires) + 3600}.${tag}.${signature}`,
      `${user}.${expires}.${tag}.${signature.slice(0, -2)}xx`,
      `${token}.extra`,
    ];
    for (const bad of altered) {
      const res = await http.post('/auth/verify-email', { token: bad });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(ACCOUNT_SECURITY_MESSAGES.verificationLinkInvalid);
    }
    for (const body of [{}, { token: '' }, { token: 42 }, { token: 'x'.repeat(201) }]) {
      const res = await http.post('/auth/verify-email', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(ACCOUNT_SECURITY_MESSAGES.verificationLinkInvalid);
    }
  });

  it('makes a changed address unverified: the old link is refused, the new address gets its own, and checkout waits for it', async () => {
    const { email, token } = await register('mover');
    const oldLink = await latestLink(email);
    expect((await http.post('/auth/verify-email', { token: tokenOfLink(oldLink) })).status).toBe(200);

    const newEmail = `moved_${seq}_${Date.now().toString(36)}@example.com`;
    const changed = await http.put('/auth/me', { email: newEmail }, token);
    expect(changed.status).toBe(200);
    expect(changed.body.user).toMatchObject({ email: newEmail, emailVerified: false });

    const stale = await http.post('/auth/verify-email', { token: tokenOfLink(oldLink) });
    expect(stale.status).toBe(400);
    expect(stale.body.message).toBe(ACCOUNT_SECURITY_MESSAGES.verificationLinkOtherAddress);
    const refused = await placeOrder(token);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(emailNotVerifiedMessage(newEmail));

    expect(await verificationMails(backend, newEmail)).toHaveLength(1);
    expect(await verificationMails(backend, email)).toHaveLength(1);
    const verified = await http.post('/auth/verify-email', {
      token: tokenOfLink(await latestLink(newEmail)),
    });
    expect(verified.status).toBe(200);
    expect(verified.body.user).toMatchObject({ email: newEmail, emailVerified: true });
    expect((await placeOrder(token)).status).toBe(201);
  });

  it('lets a new account check out at once while the setting is off, and sends it no link', async () => {
    await setRequireVerification(false);
    try {
      const { email, token, user } = await register('relaxed');
      expect(user.emailVerified).toBe(false);
      expect(await queuedVerificationMails(backend, email)).toHaveLength(0);
      expect((await placeOrder(token)).status).toBe(201);
    } finally {
      await setRequireVerification(true);
    }
  });

  it('counts the accounts that exist when verification ships as verified: their checkout goes through', async () => {
    const earlier = await register('earlier');
    expect((await placeOrder(earlier.token)).status).toBe(409);

    // As before this release: the user and order services without their verification migrations.
    await Promise.all([backend.kill('user'), backend.kill('order')]);
    await users.query(`DROP TABLE email_verification_links`);
    await users.query(`ALTER TABLE users DROP COLUMN email_verified_at`);
    await users.query(`DELETE FROM migrations WHERE name = 'EmailVerification1801000000000'`);
    await orders.query(`ALTER TABLE customers DROP COLUMN email_verified`);
    await orders.query(`DELETE FROM migrations WHERE name = 'CustomerEmailVerified1803000000000'`);
    await Promise.all([backend.restart('user'), backend.restart('order')]);

    expect((await http.get('/auth/me', earlier.token)).body.user.emailVerified).toBe(true);
    const { rows } = await orders.query(`SELECT email_verified FROM customers WHERE user_id = $1`, [
      earlier.user._id,
    ]);
    expect(rows).toEqual([{ email_verified: true }]);
    expect((await placeOrder(earlier.token)).status).toBe(201);
    // Accounts registered from then on verify as before.
    const later = await register('later');
    expect((await placeOrder(later.token)).status).toBe(409);
  });
});

describe('an expired verification link', () => {
  let backend: Backend;
  let http: ReturnType<typeof api>;

  beforeAll(async () => {
    backend = await startBackend({
      services: ['user'],
      serviceEnv: { user: { EMAIL_VERIFICATION_TTL: '4s' } },
    });
    http = api(backend.url);
  });
  afterAll(async () => {
    await backend?.stop();
  });

  it('is refused with "This verification link has expired", and a new one works', async () => {
    const email = `late_${Date.now().toString(36)}@example.com`;
    const registered = await http.post('/auth/register', {
      username: email.split('@')[0],
      email,
      password: PASSWORD,
    });
    expect(registered.status).toBe(201);
    const link = await latestVerificationLink(backend, email);
    await new Promise((r) => setTimeout(r, 4200));
    const res = await http.post('/auth/verify-email', { token: tokenOfLink(link) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(ACCOUNT_SECURITY_MESSAGES.verificationLinkExpired);
    expect((await http.get('/auth/me', registered.body.token)).body.user.emailVerified).toBe(false);

    expect((await http.post('/auth/verify-email/resend', {}, registered.body.token)).status).toBe(200);
    const fresh = await http.post('/auth/verify-email', {
      token: tokenOfLink(await latestVerificationLink(backend, email, 2)),
    });
    expect(fresh.status).toBe(200);
  });
});
