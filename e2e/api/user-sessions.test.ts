import { databaseUrl } from '@shop/kit';
import { MESSAGES, TOKEN_AUDIENCE, TOKEN_ISSUER } from '@shop/proto';
import * as jwt from 'jsonwebtoken';
import { ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Client } from 'pg';
import { Backend, freePort, startBackend, TEST_ADMIN, TEST_JWT_SECRET } from '../harness/backend';
import { api } from '../harness/http';
import { adminToken } from './back-office-support';

jest.setTimeout(120_000);

const PASSWORD = 'Secret@123';
const NEW_PASSWORD = 'Fresh#Start9';
const SESSION_ENDED = 'Your session has ended. Please log in again.';

type Http = ReturnType<typeof api>;

interface Account {
  id: string;
  email: string;
  token: string;
}

/** Polls until `done` holds, answering how long that took. */
async function msUntil(probe: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<number> {
  const started = performance.now();
  while (!(await probe())) {
    if (performance.now() - started > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
  return performance.now() - started;
}

/**
 * Ending sessions: a logout (customer or admin), a password change, a reset or a deactivation ends
 * every token the account had; a change or reset answers a fresh token that keeps working. Each
 * gateway replica hears of it on its own queue.
 */
describe('revocable sessions', () => {
  let backend: Backend;
  let http: Http;
  let db: Client;
  let seq = 0;

  const register = async (): Promise<Account> => {
    seq += 1;
    const username = `sessions_${seq}_${randomUUID().slice(0, 6)}`;
    const email = `${username}@example.com`;
    const res = await http.post('/auth/register', { username, email, password: PASSWORD });
    expect(res.status).toBe(201);
    return { id: res.body.user._id, email, token: res.body.token };
  };

  const signIn = async (account: Account, password = PASSWORD): Promise<string> => {
    const res = await http.post('/auth/login', { identifier: account.email, password });
    expect(res.status).toBe(200);
    return res.body.token;
  };

  const me = (token: string, on: Http = http) => on.get('/auth/me', token);

  const expectEnded = async (token: string, on: Http = http) => {
    const res = await me(token, on);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, status: 401, message: SESSION_ENDED });
  };

  beforeAll(async () => {
    backend = await startBackend({
      services: ['user'],
      // Every request here comes from one address: lift the sign-in throttle (user-login-limits covers it).
      env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
    });
    http = api(backend.url);
    db = new Client({ connectionString: databaseUrl(backend.env.DATABASE_URL, backend.databases.user) });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await backend?.stop();
  });

  it('ends every session of the customer on POST /api/auth/logout, and lets them sign in again', async () => {
    const account = await register();
    const otherDevice = await signIn(account);
    expect((await me(account.token)).status).toBe(200);

    const res = await http.post('/auth/logout', {}, account.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: MESSAGES.loggedOut });

    await expectEnded(account.token);
    await expectEnded(otherDevice);
    expect((await http.post('/auth/logout', {}, account.token)).status).toBe(401);
    expect((await me(await signIn(account))).status).toBe(200);
  });

  it('ends the admin session on POST /api/admin2009/logout', async () => {
    const login = await http.post('/admin2009/login', TEST_ADMIN);
    expect(login.status).toBe(200);
    const token = login.body.token;
    expect((await http.get('/admin2009/profile', token)).status).toBe(200);

    const res = await http.post('/admin2009/logout', {}, token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: MESSAGES.loggedOut });

    const after = await http.get('/admin2009/profile', token);
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ status: 401, message: SESSION_ENDED });
    const again = await http.post('/admin2009/login', TEST_ADMIN);
    expect((await http.get('/admin2009/profile', again.body.token)).status).toBe(200);
  });

  it('ends the old sessions on a password change and answers a fresh token that keeps working', async () => {
    const account = await register();
    const otherDevice = await signIn(account);

    const res = await http.put('/auth/change-password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, account.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: MESSAGES.passwordChanged, token: expect.any(String) });

    await expectEnded(account.token);
    await expectEnded(otherDevice);
    const fresh = await me(res.body.token);
    expect(fresh.status).toBe(200);
    expect(fresh.body.user._id).toBe(account.id);
    expect((await me(await signIn(account, NEW_PASSWORD))).status).toBe(200);
  });

  it('keeps the session when the current password is wrong', async () => {
    const account = await register();
    const res = await http.put('/auth/change-password', { currentPassword: 'Wrong@123', newPassword: NEW_PASSWORD }, account.token);
    expect(res.status).toBe(400);
    expect((await me(account.token)).status).toBe(200);
  });

  it('ends the old sessions on a password reset and answers a fresh token that signs the customer in', async () => {
    const account = await register();
    const resetToken = randomBytes(32).toString('base64url');
    await db.query(`INSERT INTO password_resets (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 hour')`, [
      account.id,
      createHash('sha256').update(resetToken).digest('hex'),
    ]);

    const res = await http.post('/auth/reset-password', { token: resetToken, password: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: MESSAGES.passwordReset, token: expect.any(String), user: { _id: account.id } });

    await expectEnded(account.token);
    expect((await me(res.body.token)).status).toBe(200);
  });

  it("ends the customer's sessions when staff deactivate the account", async () => {
    const account = await register();
    expect((await http.delete(`/admin2009/customers/${account.id}`, adminToken())).status).toBe(200);
    const res = await me(account.token);
    expect(res.status).toBe(401);
    const [row] = (await db.query(`SELECT token_version FROM users WHERE id = $1`, [account.id])).rows;
    expect(row.token_version).toBe(1);
  });

  it('treats a token from before versions as version 0: it works until the first revocation', async () => {
    const account = await register();
    const legacy = jwt.sign({ role: 'customer' }, TEST_JWT_SECRET, {
      subject: account.id,
      audience: TOKEN_AUDIENCE.customer,
      issuer: TOKEN_ISSUER,
      expiresIn: '1h',
    });
    expect((await me(legacy)).status).toBe(200);
    expect((await http.post('/auth/logout', {}, account.token)).status).toBe(200);
    await expectEnded(legacy);
  });

  describe('with a second gateway replica', () => {
    let replica: ChildProcess;
    let second: Http;
    let endedBeforeStart: Account;
    let output = '';

    beforeAll(async () => {
      endedBeforeStart = await register();
      expect((await http.post('/auth/logout', {}, endedBeforeStart.token)).status).toBe(200);
      const port = await freePort();
      replica = spawn(process.execPath, [join(__dirname, '..', '..', 'gateway', 'dist', 'main.js')], {
        env: { ...process.env, ...backend.env, PORT: String(port), HOST: '127.0.0.1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      replica.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      replica.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      second = api(`http://127.0.0.1:${port}`);
      await msUntil(
        async () => (await fetch(`http://127.0.0.1:${port}/health/live`).catch(() => null))?.ok === true,
        'the replica',
        30_000,
      ).catch((err: Error) => {
        throw new Error(`${err.message}\n${output}`);
      });
    });
    afterAll(() => {
      replica?.kill('SIGTERM');
    });

    it('refuses, once it has loaded the ended sessions at start, a token ended before it started', async () => {
      await msUntil(async () => (await me(endedBeforeStart.token, second)).status === 401, 'the replica to load the ended sessions');
      await expectEnded(endedBeforeStart.token, second);
    });

    it('refuses a token ended through the other replica within a moment (the event), and says how long', async () => {
      const stale: number[] = [];
      for (let i = 0; i < 5; i++) {
        const account = await register();
        expect((await me(account.token, second)).status).toBe(200);
        expect((await http.post('/auth/logout', {}, account.token)).status).toBe(200);
        stale.push(await msUntil(async () => (await me(account.token, second)).status === 401, 'the replica to hear the logout'));
      }
      // The replica that answered the logout refuses at once; the other one as soon as the event arrives.
      process.stdout.write(
        `a token ended on one replica was still accepted by the other for at most ${Math.max(...stale).toFixed(0)} ms (${stale.map((s) => s.toFixed(0)).join(', ')} ms)\n`,
      );
      expect(Math.max(...stale)).toBeLessThan(2000);
    });
  });
});
