import { ServiceName } from '@shop/proto';
import { Backend, startBackend } from '../harness/backend';
import { api } from '../harness/http';
import { adminToken, customerToken, pngBytes } from './catalog-support';

jest.setTimeout(120_000);

const UNREADABLE = 'The upload could not be read. Please choose the file again.';

/** Sends a hand-made multipart body, so it can be as broken as an attacker likes. */
async function sendMultipart(url: string, token: string, contentType: string, body: Buffer) {
  const started = Date.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body: new Uint8Array(body),
  });
  return { status: res.status, body: await res.json(), ms: Date.now() - started };
}

const part = (boundary: string, field: string, filename: string, bytes: Buffer) =>
  Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        'Content-Type: image/png\r\n\r\n',
      'binary',
    ),
    bytes,
    Buffer.from('\r\n'),
  ]);
const closing = (boundary: string) => Buffer.from(`--${boundary}--\r\n`);

async function expectHealthy(backend: Backend, services: readonly ServiceName[]) {
  const res = await api(backend.url).get('/health');
  for (const service of services) expect(res.body.services[service].status).toBe('up');
}

describe('hardening at the edge: broken multipart', () => {
  const services = ['catalog', 'cart'] as const;
  let backend: Backend;
  let png: Buffer;
  const routes = [
    { path: '/api/cart/uploads', field: 'file', token: () => customerToken() },
    { path: '/api/admin/upload-images', field: 'images', token: () => adminToken() },
  ];

  beforeAll(async () => {
    backend = await startBackend({ services, env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    png = await pngBytes(16, 16);
  });
  afterAll(() => backend?.stop());

  describe.each(routes)('POST $path', ({ path, field, token }) => {
    const send = (contentType: string, body: Buffer) =>
      sendMultipart(`${backend.url}${path}`, token(), contentType, body);

    it('answers 400 within 2 s when the content type has no boundary', async () => {
      const res = await send(
        'multipart/form-data',
        Buffer.concat([part('b0und', field, 'a.png', png), closing('b0und')]),
      );
      expect(res).toMatchObject({
        status: 400,
        body: { success: false, status: 400, message: UNREADABLE, errors: [] },
      });
      expect(res.ms).toBeLessThan(2000);
    });

    it('answers 400 within 2 s when the boundary never appears in the body', async () => {
      const res = await send(
        'multipart/form-data; boundary=nowhere-to-be-seen',
        Buffer.concat([part('b0und', field, 'a.png', png), closing('b0und')]),
      );
      expect(res).toMatchObject({ status: 400, body: { message: UNREADABLE } });
      expect(res.ms).toBeLessThan(2000);
    });

    it('answers 400 within 2 s when the body is cut off in the middle of the file', async () => {
      const whole = part('b0und', field, 'a.png', png);
      const res = await send('multipart/form-data; boundary=b0und', whole.subarray(0, whole.length - 20));
      expect(res).toMatchObject({ status: 400, body: { message: UNREADABLE } });
      expect(res.ms).toBeLessThan(2000);
    });

    it('stores a file whose name holds NUL and control characters under the name without them', async () => {
      const res = await send(
        'multipart/form-data; boundary=b0und',
        Buffer.concat([part('b0und', field, 'lo\u0000go\u001b[31m\u007f.png', png), closing('b0und')]),
      );
      expect(res.ms).toBeLessThan(2000);
      expect(res.status).toBeLessThan(300);
      if (path === '/api/cart/uploads') expect(res.body.name).toBe('logo[31m.png');
      else expect(res.body.urls).toHaveLength(1);
    });

    it('leaves every service healthy afterwards', () => expectHealthy(backend, services));
  });
});

const TOO_MANY = 'Too many requests. Please wait a moment and try again.';
const LOCKED = 'Too many failed login attempts. Please try again in 15 minutes.';
const forged = (n: number) => `203.0.113.${n % 250}, 198.51.100.${(n * 7) % 250}`;

/** Sends each request in turn, timing each answer. */
async function sendEach(count: number, send: (i: number) => Promise<Response>) {
  const answers: { status: number; body: any; ms: number }[] = [];
  for (let i = 0; i < count; i++) {
    const started = Date.now();
    const res = await send(i);
    answers.push({ status: res.status, body: await res.json(), ms: Date.now() - started });
  }
  return answers;
}

describe('hardening at the edge: forged X-Forwarded-For, trusting no proxy (the default)', () => {
  let backend: Backend;
  const post = (path: string, body: unknown, xff: string) =>
    fetch(`${backend.url}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': xff },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    backend = await startBackend({
      services: ['user'],
      env: { RATE_LIMIT_PER_MINUTE: '600', AUTH_RATE_LIMIT_PER_MINUTE: '30', TRUSTED_PROXIES: '' },
    });
  });
  afterAll(() => backend?.stop());

  it('answers 45 forgot-password requests, each from a different forged address, with 429 after the 30th', async () => {
    const answers = await sendEach(45, (i) =>
      post('/auth/forgot-password', { email: `someone${i}@example.com` }, forged(i)),
    );
    expect(answers.slice(0, 30).map((a) => a.status)).toEqual(Array(30).fill(200));
    expect(answers.slice(30).map((a) => a.status)).toEqual(Array(15).fill(429));
    expect(answers[44].body).toEqual({ success: false, status: 429, message: TOO_MANY, errors: [] });
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(2000);
  });

  it('spends one sign-in budget across login, registration and reset: the other routes are refused too', async () => {
    const login = await post(
      '/auth/login',
      { identifier: 'nobody@example.com', password: 'Wrong@1234' },
      '192.0.2.1',
    );
    const register = await post('/auth/register', {}, '192.0.2.2');
    const admin = await post('/admin2009/login', {}, '192.0.2.3');
    expect([login.status, register.status, admin.status]).toEqual([429, 429, 429]);
  });

  it('spends one general budget per client across every route, forged addresses or not', async () => {
    // 45 + 3 requests above; the rest of the 600 go to two other routes, half each.
    const remaining = 600 - 48;
    const answers = await Promise.all(
      Array.from({ length: remaining }, (_, i) =>
        fetch(`${backend.url}/api/auth/${i % 2 ? 'providers' : 'me'}`, {
          headers: { 'x-forwarded-for': forged(i) },
        }).then((r) => r.status),
      ),
    );
    expect(answers.filter((s) => s === 429)).toEqual([]);
    const over = await fetch(`${backend.url}/api/auth/providers`, {
      headers: { 'x-forwarded-for': '192.0.2.99' },
    });
    expect(over.status).toBe(429);
  });

  it('leaves every service healthy afterwards', () => expectHealthy(backend, ['user']));
});

describe('hardening at the edge: forged X-Forwarded-For behind one trusted proxy (TRUSTED_PROXIES=1)', () => {
  let backend: Backend;
  /** A request as the proxy passes it on: whatever the client forged, then the address the proxy saw. */
  const post = (path: string, body: unknown, client: string, forgedPart: string) =>
    fetch(`${backend.url}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `${forgedPart}, ${client}` },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    backend = await startBackend({
      services: ['user'],
      env: { RATE_LIMIT_PER_MINUTE: '600', AUTH_RATE_LIMIT_PER_MINUTE: '30', TRUSTED_PROXIES: '1' },
      serviceEnv: { user: { MAX_LOGIN_ATTEMPTS: '3' } },
    });
  });
  afterAll(() => backend?.stop());

  it('counts forgot-password requests by the address the proxy saw, not the forged ones before it', async () => {
    const answers = await sendEach(45, (i) =>
      post('/auth/forgot-password', { email: `someone${i}@example.com` }, '10.1.1.1', forged(i)),
    );
    expect(answers.slice(30).map((a) => a.status)).toEqual(Array(15).fill(429));
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(2000);
    // Another client behind the same proxy still has its own budget.
    expect(
      (await post('/auth/forgot-password', { email: 'other@example.com' }, '10.1.1.2', '10.1.1.1')).status,
    ).toBe(200);
  });

  it('keeps the login lock of an address however the forged part changes', async () => {
    const email = 'lock-target@example.com';
    expect(
      (
        await post(
          '/auth/register',
          { username: 'lock_target', email, password: 'Secret@123' },
          '10.2.2.1',
          '1.1.1.1',
        )
      ).status,
    ).toBe(201);
    // The lock of an address falls after 4 x MAX_LOGIN_ATTEMPTS failures across accounts.
    const failures = await sendEach(12, (i) =>
      post(
        '/auth/login',
        { identifier: `nobody${i}@example.com`, password: 'Wrong@1234' },
        '10.2.2.2',
        forged(i),
      ),
    );
    expect(failures.map((a) => a.status)).toEqual(Array(12).fill(401));
    const locked = await post(
      '/auth/login',
      { identifier: email, password: 'Secret@123' },
      '10.2.2.2',
      '10.2.2.1',
    );
    expect(locked.status).toBe(429);
    expect((await locked.json()).message).toBe(LOCKED);
    expect(
      (await post('/auth/login', { identifier: email, password: 'Secret@123' }, '10.2.2.1', '10.2.2.2'))
        .status,
    ).toBe(200);
  });

  it('leaves every service healthy afterwards', () => expectHealthy(backend, ['user']));
});
