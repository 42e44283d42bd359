import { databaseUrl } from '@shop/kit';
import { ACCOUNT_SECURITY_MESSAGES, RECOVERY_CODE_COUNT, tooManyLoginAttempts } from '@shop/proto';
import { generate } from 'otplib';
import { Client } from 'pg';
import { Backend, startBackend, TEST_ADMIN } from '../harness/backend';
import { api } from '../harness/http';
import { adminToken, eventually } from './back-office-support';

jest.setTimeout(120_000);

const BUSINESS = 'MS & Jaksh Test Shop';
const MAX_ATTEMPTS = 3;

/** A code of the authenticator app set up with `secret`, `steps` time steps (30 s) from now. */
const codeOf = (secret: string, steps = 0): Promise<string> =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/**
 * Two-factor sign-in for staff (the back office's setting, off by default): the first sign-in
 * with it on enrols an authenticator app from a QR code and shows recovery codes; each later one
 * asks for a code. A wrong code counts toward the lock-out as a wrong password does. The tests run
 * in order on the one admin account.
 */
describe('two-factor sign-in for staff (/api/admin2009/login, /login/two-factor[/enrol])', () => {
  let backend: Backend;
  let http: ReturnType<typeof api>;
  let users: Client;
  let secret: string;
  let recoveryCodes: string[];
  const settingsAdmin = adminToken();

  beforeAll(async () => {
    backend = await startBackend({ services: ['user', 'admin-reporting'] });
    http = api(backend.url);
    users = new Client({ connectionString: databaseUrl(backend.env.DATABASE_URL, backend.databases.user) });
    await users.connect();
  });
  afterAll(async () => {
    await users?.end();
    await backend?.stop();
  });

  const login = (password = TEST_ADMIN.password) =>
    http.post('/admin2009/login', { email: TEST_ADMIN.email, password });
  const openAdminSessions = async () =>
    (await users.query(`SELECT count(*)::int AS n FROM sessions WHERE role = 'admin' AND ended_at IS NULL`))
      .rows[0].n;

  /** A challenge for the code step, from the right password. */
  const verifyChallenge = async (): Promise<string> => {
    const res = await login();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, twoFactor: 'verify', challenge: expect.any(String) });
    return res.body.challenge;
  };

  it('signs in with the password alone while the setting is off', async () => {
    const res = await login();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      token: expect.any(String),
      admin: { email: TEST_ADMIN.email },
    });
    expect(res.body.twoFactor).toBeUndefined();
  });

  it('answers the right password with an enrolment, not a session: a new secret as an otpauth URL and its QR code', async () => {
    const patched = await http.patch(
      '/admin2009/settings',
      { twoFactorAuth: true, businessName: BUSINESS, maxLoginAttempts: MAX_ATTEMPTS },
      settingsAdmin,
    );
    expect(patched.status).toBe(200);
    await eventually(
      async () => (await login()).body.twoFactor,
      (step) => step === 'enrol',
      'the user service to apply two-factor sign-in',
    );
    const sessions = await openAdminSessions();
    const res = await login();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      twoFactor: 'enrol',
      challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      otpauthUrl: expect.any(String),
      qrCode: expect.stringMatching(/^data:image\/png;base64,/),
      secret: expect.stringMatching(/^[A-Z2-7]{32}$/),
    });
    expect(res.body.token).toBeUndefined();
    expect(await openAdminSessions()).toBe(sessions);
    const url = new URL(res.body.otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe(`/${BUSINESS}:${TEST_ADMIN.email}`);
    expect(url.searchParams.get('issuer')).toBe(BUSINESS);
    expect(url.searchParams.get('secret')).toBe(res.body.secret);
    const png = Buffer.from(res.body.qrCode.split(',')[1], 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');

    // A wrong first code sets nothing up.
    const wrong = await http.post('/admin2009/login/two-factor/enrol', {
      challenge: res.body.challenge,
      code: await codeOf(res.body.secret, 5),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(ACCOUNT_SECURITY_MESSAGES.twoFactorCodeWrong);
    expect((await users.query(`SELECT totp_secret FROM admins`)).rows).toEqual([{ totp_secret: null }]);

    const enrolled = await http.post('/admin2009/login/two-factor/enrol', {
      challenge: res.body.challenge,
      code: await codeOf(res.body.secret),
    });
    expect(enrolled.status).toBe(200);
    expect(enrolled.body).toMatchObject({
      success: true,
      token: expect.any(String),
      admin: { email: TEST_ADMIN.email },
    });
    expect(enrolled.body.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    for (const code of enrolled.body.recoveryCodes)
      expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect((await http.get('/admin2009/profile', enrolled.body.token)).status).toBe(200);
    expect(await openAdminSessions()).toBe(sessions + 1);
    secret = res.body.secret;
    recoveryCodes = enrolled.body.recoveryCodes;

    // At rest: the secret sealed, the recovery codes hashed.
    const [admin] = (await users.query(`SELECT totp_secret FROM admins`)).rows;
    expect(admin.totp_secret).not.toContain(secret);
    const hashes = (await users.query(`SELECT code_hash FROM admin_recovery_codes`)).rows.map(
      (r) => r.code_hash,
    );
    expect(hashes).toHaveLength(RECOVERY_CODE_COUNT);
    for (const code of recoveryCodes) expect(hashes.join()).not.toContain(code.replace(/-/g, ''));

    // The challenge is spent.
    const reused = await http.post('/admin2009/login/two-factor/enrol', {
      challenge: res.body.challenge,
      code: await codeOf(secret),
    });
    expect(reused.status).toBe(401);
    expect(reused.body.message).toBe(ACCOUNT_SECURITY_MESSAGES.twoFactorSignInExpired);
  });

  it('asks an enrolled admin for a code, signs in with a current one, and refuses the same code again', async () => {
    const sessions = await openAdminSessions();
    const challenge = await verifyChallenge();
    expect(await openAdminSessions()).toBe(sessions);
    // The current step's code signed the enrolment in; the next step's is current within the tolerance.
    const code = await codeOf(secret, 1);
    const res = await http.post('/admin2009/login/two-factor', { challenge, code });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      token: expect.any(String),
      admin: { email: TEST_ADMIN.email },
    });
    expect((await http.get('/admin2009/profile', res.body.token)).status).toBe(200);
    expect(await openAdminSessions()).toBe(sessions + 1);

    const replay = await http.post('/admin2009/login/two-factor', {
      challenge: await verifyChallenge(),
      code,
    });
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe(ACCOUNT_SECURITY_MESSAGES.twoFactorCodeUsed);
    expect(replay.body.token).toBeUndefined();
  });

  it('signs in once with each recovery code, however it is typed', async () => {
    const [code] = recoveryCodes;
    const typed = code.toUpperCase().replace(/-/g, ' ');
    const res = await http.post('/admin2009/login/two-factor', {
      challenge: await verifyChallenge(),
      code: typed,
    });
    expect(res.status).toBe(200);
    expect(res.body.token).toEqual(expect.any(String));

    const again = await http.post('/admin2009/login/two-factor', {
      challenge: await verifyChallenge(),
      code,
    });
    expect(again.status).toBe(401);
    expect(again.body.message).toBe(ACCOUNT_SECURITY_MESSAGES.twoFactorCodeWrong);
    const { rows } = await users.query(
      `SELECT count(*)::int AS n FROM admin_recovery_codes WHERE used_at IS NOT NULL`,
    );
    expect(rows[0].n).toBe(1);
  });

  it('refuses a code that is not one, and a challenge that is not one, without counting them', async () => {
    const failures = async () =>
      (
        await users.query(
          `SELECT count(*)::int AS n FROM login_attempts WHERE realm = 'admin' AND NOT succeeded AND NOT cleared`,
        )
      ).rows[0].n;
    const challenge = await verifyChallenge();
    const before = await failures();
    for (const code of ['', '12345', '1234567', 'abc', 'x'.repeat(41)]) {
      const res = await http.post('/admin2009/login/two-factor', { challenge, code });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(ACCOUNT_SECURITY_MESSAGES.twoFactorCodeOrRecoveryRequired);
    }
    const enrolCode = await http.post('/admin2009/login/two-factor/enrol', {
      challenge,
      code: recoveryCodes[1],
    });
    expect(enrolCode.status).toBe(400);
    expect(enrolCode.body.message).toBe(ACCOUNT_SECURITY_MESSAGES.twoFactorCodeRequired);
    for (const forged of ['not-a-challenge', challenge.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))]) {
      const res = await http.post('/admin2009/login/two-factor', { challenge: forged, code: '123456' });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(ACCOUNT_SECURITY_MESSAGES.twoFactorSignInExpired);
    }
    // An enrolment challenge is not taken by the code step, nor a code step's by enrolment.
    const res = await http.post('/admin2009/login/two-factor/enrol', { challenge, code: '123456' });
    expect(res.status).toBe(401);
    expect(await failures()).toBe(before);
  });

  it('locks the account after maxLoginAttempts wrong codes, even when the password is entered again between them, and then refuses every step', async () => {
    const wrongCode = (challenge: string) =>
      http.post('/admin2009/login/two-factor', { challenge, code: '000000' });
    // A sign-in clears the failures of the tests before.
    const fresh = await http.post('/admin2009/login/two-factor', {
      challenge: await verifyChallenge(),
      code: recoveryCodes[3],
    });
    expect(fresh.status).toBe(200);
    let challenge = await verifyChallenge();
    for (let i = 1; i < MAX_ATTEMPTS; i++) {
      const res = await wrongCode(challenge);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(ACCOUNT_SECURITY_MESSAGES.twoFactorCodeWrong);
    }
    // The right password again does not wipe the wrong codes.
    challenge = await verifyChallenge();
    expect((await wrongCode(challenge)).status).toBe(401);

    const locked = tooManyLoginAttempts(15);
    const right = await http.post('/admin2009/login/two-factor', {
      challenge,
      code: await codeOf(secret, 1),
    });
    expect(right.status).toBe(429);
    expect(right.body.message).toBe(locked);
    const password = await login();
    expect(password.status).toBe(429);
    expect(password.body.message).toBe(locked);
    const recovery = await http.post('/admin2009/login/two-factor', { challenge, code: recoveryCodes[2] });
    expect(recovery.status).toBe(429);
    expect((await login('Wrong@12345')).status).toBe(429);
  });
});
