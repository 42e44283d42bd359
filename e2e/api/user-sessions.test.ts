import { databaseUrl } from '@shop/kit';
import { EVENTS, MESSAGES, SEEDED_SETTINGS, SettingsUpdatedEvent, TOKEN_AUDIENCE, TOKEN_ISSUER } from '@shop/proto';
import * as jwt from 'jsonwebtoken';
import { ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Client } from 'pg';
import { Backend, freePort, startBackend, TEST_ADMIN, TEST_JWT_SECRET } from '../harness/backend';
import { api } from '../harness/http';
import { adminToken } from './back-office-support';
import { publishEvent } from './catalog-support';

jest.setTimeout(120_000);

const PASSWORD = 'Secret@123';
const NEW_PASSWORD = 'Fresh#Start9';
const SESSION_ENDED = 'Your session has ended. Please log in again.';
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const LAPTOP = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0';

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

const claimsOf = (token: string) => jwt.decode(token) as jwt.JwtPayload & { sid: string };

/**
 * Sessions: every sign-in is a session of its own, named by its tokens. Sign Out ends that one; the
 * customer's Settings lists the devices and signs any of them out; "Sign out of all devices", a
 * password change or reset and a deactivation end them all, and a change or reset answers a fresh
 * token that keeps working. Each gateway replica hears of an ended session on its own queue.
 */
describe('sessions', () => {
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

  const signIn = async (account: Account, options: { password?: string; userAgent?: string } = {}): Promise<string> => {
    const res = await http.request('POST', '/auth/login', {
      body: { identifier: account.email, password: options.password ?? PASSWORD },
      headers: options.userAgent ? { 'user-agent': options.userAgent } : {},
    });
    expect(res.status).toBe(200);
    return res.body.token;
  };

  const adminSignIn = async (): Promise<string> => {
    const res = await http.post('/admin2009/login', TEST_ADMIN);
    expect(res.status).toBe(200);
    return res.body.token;
  };

  const me = (token: string, on: Http = http) => on.get('/auth/me', token);

  const expectEnded = async (token: string, on: Http = http, path = '/auth/me') => {
    const res = await on.get(path, token);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, status: 401, message: SESSION_ENDED });
  };

  const openSessions = async (accountId: string): Promise<{ id: string; ended_at: Date | null }[]> =>
    (await db.query(`SELECT id, ended_at FROM sessions WHERE account_id = $1 ORDER BY created_at`, [accountId])).rows;

  beforeAll(async () => {
    backend = await startBackend({
      services: ['user'],
      // Every request here comes from one address: lift the sign-in throttle (user-login-limits covers it).
      env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000', SESSION_USE_REPORT_SECONDS: '1' },
    });
    http = api(backend.url);
    db = new Client({ connectionString: databaseUrl(backend.env.DATABASE_URL, backend.databases.user) });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await backend?.stop();
  });

  it('gives every sign-in a session of its own, named by its token', async () => {
    const account = await register();
    const second = await signIn(account);
    const [first, other] = [claimsOf(account.token).sid, claimsOf(second).sid];
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(other).not.toBe(first);
    expect((await openSessions(account.id)).map((s) => s.id)).toEqual([first, other]);
  });

  it("ends only this device's session on POST /api/auth/logout: the customer's other device stays signed in", async () => {
    const account = await register();
    const phone = await signIn(account, { userAgent: PHONE });
    expect((await me(account.token)).status).toBe(200);

    const res = await http.post('/auth/logout', {}, account.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: MESSAGES.loggedOut });

    await expectEnded(account.token);
    expect((await me(phone)).status).toBe(200);
    expect((await http.post('/auth/logout', {}, account.token)).status).toBe(401);
    expect((await me(await signIn(account))).status).toBe(200);
  });

  it("ends only this browser's admin session on POST /api/admin2009/logout: staff signed in elsewhere stay signed in", async () => {
    const [token, colleague] = [await adminSignIn(), await adminSignIn()];
    expect((await http.get('/admin2009/profile', token)).status).toBe(200);

    const res = await http.post('/admin2009/logout', {}, token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: MESSAGES.loggedOut });

    await expectEnded(token, http, '/admin2009/profile');
    expect((await http.get('/admin2009/profile', colleague)).status).toBe(200);
    expect((await http.get('/admin2009/profile', await adminSignIn())).status).toBe(200);
  });

  it('ends every session of the customer, this one too, on "Sign out of all devices" (POST /api/auth/logout/all)', async () => {
    const account = await register();
    const phone = await signIn(account, { userAgent: PHONE });

    const res = await http.post('/auth/logout/all', {}, account.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: MESSAGES.signedOutEverywhere });

    await expectEnded(account.token);
    await expectEnded(phone);
    expect((await openSessions(account.id)).every((s) => s.ended_at !== null)).toBe(true);
    expect((await me(await signIn(account))).status).toBe(200);
  });

  it('ends every admin session on the back office\'s "Sign out of all devices" (POST /api/admin2009/logout/all)', async () => {
    const [token, colleague] = [await adminSignIn(), await adminSignIn()];

    const res = await http.post('/admin2009/logout/all', {}, token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: MESSAGES.signedOutEverywhere });

    await expectEnded(token, http, '/admin2009/profile');
    await expectEnded(colleague, http, '/admin2009/profile');
    expect((await http.get('/admin2009/profile', await adminSignIn())).status).toBe(200);
  });

  describe("the customer's Settings: signed-in devices", () => {
    it('lists each device by browser and system, with when it signed in and was last used, this one marked', async () => {
      const account = await register();
      const laptop = await signIn(account, { userAgent: LAPTOP });
      const phone = await signIn(account, { userAgent: PHONE });
      await http.post('/auth/logout', {}, account.token);

      const res = await http.get('/auth/sessions', laptop);
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      const sessions: { id: string; device: string; createdAt: string; lastUsedAt: string; current: boolean }[] = res.body.sessions;
      expect(sessions.map((s) => [s.id, s.device, s.current]).sort()).toEqual(
        [
          [claimsOf(laptop).sid, 'Firefox on macOS', true],
          [claimsOf(phone).sid, 'Chrome on Android', false],
        ].sort(),
      );
      for (const session of sessions) {
        expect(Date.parse(session.lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(session.createdAt));
      }
    });

    it('moves "last used" forward as the device is used', async () => {
      const account = await register();
      const phone = await signIn(account, { userAgent: PHONE });
      const lastUsed = async () =>
        Date.parse((await http.get('/auth/sessions', account.token)).body.sessions.find((s: { id: string }) => s.id === claimsOf(phone).sid).lastUsedAt);
      const before = await lastUsed();
      expect((await http.get('/auth/me', phone)).status).toBe(200);
      await msUntil(async () => (await lastUsed()) > before, 'the gateway to report the phone in use');
    });

    it('signs another device out (DELETE /api/auth/sessions/:id), which is refused from then on, and keeps this one', async () => {
      const account = await register();
      const phone = await signIn(account, { userAgent: PHONE });

      const res = await http.delete(`/auth/sessions/${claimsOf(phone).sid}`, account.token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: MESSAGES.deviceSignedOut });

      await expectEnded(phone);
      expect((await me(account.token)).status).toBe(200);
      const listed = (await http.get('/auth/sessions', account.token)).body.sessions;
      expect(listed.map((s: { id: string }) => s.id)).toEqual([claimsOf(account.token).sid]);
    });

    it("refuses to sign out a device that is not one of the customer's own, or no device at all", async () => {
      const [account, someoneElse] = [await register(), await register()];
      const theirs = await http.delete(`/auth/sessions/${claimsOf(someoneElse.token).sid}`, account.token);
      expect(theirs.status).toBe(404);
      expect(theirs.body).toMatchObject({ success: false, message: MESSAGES.sessionNotFound });
      expect((await me(someoneElse.token)).status).toBe(200);

      const unknown = await http.delete(`/auth/sessions/${randomUUID()}`, account.token);
      expect(unknown.status).toBe(404);
      const malformed = await http.delete('/auth/sessions/not-a-session', account.token);
      expect(malformed.status).toBe(400);
      expect(malformed.body).toMatchObject({ success: false, message: MESSAGES.sessionNotFound });
      expect((await http.get('/auth/sessions')).status).toBe(401);
    });
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
    expect((await http.get('/auth/sessions', res.body.token)).body.sessions).toHaveLength(1);
    expect((await me(await signIn(account, { password: NEW_PASSWORD }))).status).toBe(200);
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
    const phone = await signIn(account);
    expect((await http.delete(`/admin2009/customers/${account.id}`, adminToken())).status).toBe(200);
    expect((await me(account.token)).status).toBe(401);
    expect((await me(phone)).status).toBe(401);
    expect((await openSessions(account.id)).map((s) => s.ended_at !== null)).toEqual([true, true]);
  });

  it('refuses a token from before sessions, which names none, as an ended session', async () => {
    const account = await register();
    const legacy = jwt.sign({ role: 'customer' }, TEST_JWT_SECRET, {
      subject: account.id,
      audience: TOKEN_AUDIENCE.customer,
      issuer: TOKEN_ISSUER,
      expiresIn: '1h',
    });
    await expectEnded(legacy);
  });

  it("lasts, for an admin, as long as the back office's session timeout says", async () => {
    const settings: SettingsUpdatedEvent = { ...SEEDED_SETTINGS, sessionTimeout: 45 };
    await publishEvent(backend.namespace, EVENTS.settingsUpdated, settings);
    await msUntil(
      async () => (await db.query(`SELECT data->>'sessionTimeout' AS minutes FROM shop_settings`)).rows[0]?.minutes === '45',
      'the user service to apply the session timeout',
    );

    const { sid, iat, exp } = claimsOf(await adminSignIn());
    expect(exp! - iat!).toBe(45 * 60);
    const [row] = (await db.query(`SELECT extract(epoch FROM expires_at - created_at)::int AS seconds FROM sessions WHERE id = $1`, [sid])).rows;
    expect(row.seconds).toBe(45 * 60);
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

    it("refuses a session ended through the other replica (the event), keeps the account's other session, and says how soon", async () => {
      const stale: number[] = [];
      for (let i = 0; i < 5; i++) {
        const account = await register();
        const phone = await signIn(account, { userAgent: PHONE });
        expect((await me(account.token, second)).status).toBe(200);
        expect((await http.post('/auth/logout', {}, account.token)).status).toBe(200);
        stale.push(await msUntil(async () => (await me(account.token, second)).status === 401, 'the replica to hear the sign-out'));
        await expectEnded(account.token, second);
        expect((await me(phone, second)).status).toBe(200);
      }
      // The replica that answered the sign-out refuses at once; the other one as soon as the event arrives.
      process.stdout.write(
        `a session ended on one replica was still accepted by the other for at most ${Math.max(...stale).toFixed(0)} ms (${stale.map((s) => s.toFixed(0)).join(', ')} ms)\n`,
      );
    });

    it('refuses, on both replicas, every session ended by "Sign out of all devices" on one', async () => {
      const account = await register();
      const phone = await signIn(account, { userAgent: PHONE });
      expect((await second.post('/auth/logout/all', {}, phone)).status).toBe(200);
      await expectEnded(phone, second);
      await msUntil(async () => (await me(account.token)).status === 401, 'the first replica to hear of it');
      await expectEnded(account.token);
      await expectEnded(phone);
    });
  });
});
