import { MESSAGES } from '@shop/proto';
import { Backend, startBackend, TEST_ADMIN } from '../harness/backend';
import { api } from '../harness/http';

jest.setTimeout(60_000);

const PASSWORD = 'Secret@123';
const MAX_LOGIN_ATTEMPTS = 3;
const AUTH_RATE_LIMIT_PER_MINUTE = 40;
const LOCKED = 'Too many failed login attempts. Please try again in 15 minutes.';

describe('login attempt limits and the sign-in throttle', () => {
  let backend: Backend;
  let http: ReturnType<typeof api>;
  let seq = 0;

  /** Requests as seen from one client address (the gateway trusts one proxy hop, this test). */
  const from = (ip: string) => ({
    post: (path: string, body: unknown) =>
      http.request('POST', path, { body, headers: { 'x-forwarded-for': ip } }),
    login: (identifier: string, password: string) =>
      http.request('POST', '/auth/login', {
        body: { identifier, password },
        headers: { 'x-forwarded-for': ip },
      }),
  });

  const register = async () => {
    seq += 1;
    const email = `locked${seq}@example.com`;
    const res = await from('10.9.9.9').post('/auth/register', {
      username: `locked_${seq}`,
      email,
      password: PASSWORD,
    });
    expect(res.status).toBe(201);
    return email;
  };

  beforeAll(async () => {
    backend = await startBackend({
      services: ['user'],
      // The test plays the proxy in front of the gateway, naming each client in X-Forwarded-For.
      env: { AUTH_RATE_LIMIT_PER_MINUTE: String(AUTH_RATE_LIMIT_PER_MINUTE), TRUSTED_PROXIES: '1' },
      serviceEnv: { user: { MAX_LOGIN_ATTEMPTS: String(MAX_LOGIN_ATTEMPTS) } },
    });
    http = api(backend.url);
  });
  afterAll(() => backend?.stop());

  it(`locks an account for 15 minutes after ${MAX_LOGIN_ATTEMPTS} failed logins, even for the right password and from elsewhere`, async () => {
    const email = await register();
    for (let i = 0; i < MAX_LOGIN_ATTEMPTS; i++) {
      const res = await from('10.0.0.1').login(email, 'Wrong@1234');
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(MESSAGES.invalidCredentials);
    }
    for (const ip of ['10.0.0.1', '10.0.0.2']) {
      const res = await from(ip).login(email, PASSWORD);
      expect(res.status).toBe(429);
      expect(res.body).toMatchObject({ success: false, status: 429, message: LOCKED });
    }
  });

  it('leaves other accounts signing in from the same address', async () => {
    const locked = await register();
    const other = await register();
    for (let i = 0; i < MAX_LOGIN_ATTEMPTS; i++) await from('10.0.1.1').login(locked, 'Wrong@1234');
    expect((await from('10.0.1.1').login(locked, PASSWORD)).status).toBe(429);
    expect((await from('10.0.1.1').login(other, PASSWORD)).status).toBe(200);
  });

  it("clears an account's failures when it signs in successfully", async () => {
    const email = await register();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < MAX_LOGIN_ATTEMPTS - 1; i++)
        expect((await from('10.0.2.1').login(email, 'Wrong@1234')).status).toBe(401);
      expect((await from('10.0.2.1').login(email, PASSWORD)).status).toBe(200);
    }
  });

  it(`locks an address after ${4 * MAX_LOGIN_ATTEMPTS} failures across accounts, while other addresses still sign in`, async () => {
    const email = await register();
    for (let i = 0; i < 4 * MAX_LOGIN_ATTEMPTS; i++) {
      expect((await from('10.0.3.1').login(`nobody${i}@example.com`, 'Wrong@1234')).status).toBe(401);
    }
    const blocked = await from('10.0.3.1').login(email, PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(LOCKED);
    expect((await from('10.0.3.2').login(email, PASSWORD)).status).toBe(200);
  });

  it(`throttles login, registration and admin login to ${AUTH_RATE_LIMIT_PER_MINUTE} a minute per address`, async () => {
    for (const [n, path] of ['/auth/register', '/auth/login', '/admin2009/login'].entries()) {
      const client = from(`10.0.4.${n + 1}`);
      for (let i = 0; i < AUTH_RATE_LIMIT_PER_MINUTE; i++)
        expect((await client.post(path, {})).status).toBe(400);
      const throttled = await client.post(path, {});
      expect(throttled.status).toBe(429);
      expect(throttled.body.message).toBe('Too many requests. Please wait a moment and try again.');
    }
  });

  it(`locks the admin account after ${MAX_LOGIN_ATTEMPTS} failed admin logins`, async () => {
    for (let i = 0; i < MAX_LOGIN_ATTEMPTS; i++) {
      expect(
        (await from('10.0.5.1').post('/admin2009/login', { email: TEST_ADMIN.email, password: 'Wrong@1234' }))
          .status,
      ).toBe(401);
    }
    const res = await from('10.0.5.2').post('/admin2009/login', TEST_ADMIN);
    expect(res.status).toBe(429);
    expect(res.body.message).toBe(LOCKED);
  });
});
