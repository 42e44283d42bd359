import { databaseUrl } from '@shop/kit';
import { MESSAGES } from '@shop/proto';
import { createHash } from 'node:crypto';
import { Client } from 'pg';
import { Backend, startBackend } from '../harness/backend';
import { api } from '../harness/http';
import type { InboxMail } from '../harness/mailbox';

jest.setTimeout(60_000);

const PUBLIC_URL = 'http://shop.test:8080';
const OLD_PASSWORD = 'Secret@123';
const NEW_PASSWORD = 'Fresh#Start9';

describe('forgotten passwords (/api/auth/forgot-password, /api/auth/reset-password)', () => {
  let backend: Backend;
  let http: ReturnType<typeof api>;
  let db: Client;
  let seq = 0;

  const SUBJECT = 'Reset your MS & Jaksh password';

  /** The reset mails maildev holds for this address, once there are `count` of them. */
  const resetMails = (email: string, count = 1) =>
    backend.mailbox!.waitFor({ to: email, subject: SUBJECT }, { count });

  /** The token in the mail's reset link, as its text part shows it. */
  const tokenIn = (mail: InboxMail) => {
    const match = mail.text?.match(/http:\/\/shop\.test:8080\/reset-password\?token=([A-Za-z0-9_-]+)/);
    if (!match) throw new Error(`no reset link in:\n${mail.text}`);
    return match[1];
  };

  const register = async () => {
    seq += 1;
    const email = `forgetful${seq}@example.com`;
    const res = await http.post('/auth/register', {
      username: `forgetful_${seq}`,
      email,
      password: OLD_PASSWORD,
    });
    expect(res.status).toBe(201);
    return { email, username: `forgetful_${seq}` };
  };

  /** Registers a customer, asks for a reset and returns the token from the mail. */
  const requestReset = async () => {
    const account = await register();
    const res = await http.post('/auth/forgot-password', { email: account.email.toUpperCase() });
    expect(res.status).toBe(200);
    const [mail] = await resetMails(account.email);
    return { ...account, mail, token: tokenIn(mail) };
  };

  beforeAll(async () => {
    backend = await startBackend({
      services: ['user'],
      // Every request here comes from one address: lift the sign-in throttle (user-login-limits covers it).
      env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
      serviceEnv: { user: { PUBLIC_URL, MAX_LOGIN_ATTEMPTS: '3' } },
    });
    http = api(backend.url);
    db = new Client({ connectionString: databaseUrl(backend.env.DATABASE_URL, backend.databases.user) });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await backend?.stop();
  });

  it('mails a single-use link that sets a new password: the new one signs in, the old one and the reused link are refused', async () => {
    const { email, username, mail, token } = await requestReset();
    expect(mail.to.map((a) => a.address)).toEqual([email]);
    expect(mail.from).toEqual([{ address: 'no-reply@msjaksh.in', name: 'MS & Jaksh' }]);
    expect(mail.html).toContain(`http://shop.test:8080/reset-password?token=${token}`);

    const reset = await http.post('/auth/reset-password', { token, password: NEW_PASSWORD });
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({
      success: true,
      message: MESSAGES.passwordReset,
      token: expect.any(String),
      user: { email },
    });

    const fresh = await http.post('/auth/login', { identifier: username, password: NEW_PASSWORD });
    expect(fresh.status).toBe(200);
    expect(fresh.body.user.email).toBe(email);
    const old = await http.post('/auth/login', { identifier: username, password: OLD_PASSWORD });
    expect(old.status).toBe(401);

    const again = await http.post('/auth/reset-password', { token, password: 'Another#Pass1' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('This reset link is invalid or has expired.');
  });

  it('stores only the SHA-256 hash of the token, valid for one hour', async () => {
    const { email, token } = await requestReset();
    const { rows } = await db.query(
      `SELECT r.token_hash, extract(epoch FROM r.expires_at - r.created_at) AS seconds
         FROM password_resets r JOIN users u ON u.id = r.user_id WHERE u.email = $1`,
      [email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(rows[0].token_hash).not.toContain(token);
    expect(Math.round(Number(rows[0].seconds))).toBe(3600);
  });

  it('answers an unknown e-mail with the same 200 and message, and sends no mail', async () => {
    const known = await register();
    const unknown = await http.post('/auth/forgot-password', { email: 'nobody-here@example.com' });
    const registered = await http.post('/auth/forgot-password', { email: known.email });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({
      success: true,
      message: 'If that e-mail is registered, a reset link is on its way.',
    });
    expect(registered.body).toEqual(unknown.body);
    await resetMails(known.email);
    expect(
      (await backend.mailbox!.all()).filter((m) => m.to.some((a) => a.address === 'nobody-here@example.com')),
    ).toEqual([]);
  });

  it('delivers each reset mail exactly once, queued with its token and sent without the link kept', async () => {
    const { email } = await requestReset();
    // Long enough for a second copy, were one sent, to arrive after the first.
    await new Promise((r) => setTimeout(r, 1000));
    expect(await resetMails(email)).toHaveLength(1);
    const { rows } = await db.query(
      `SELECT m.state, m.kind, m.data, m.message_id FROM mails m WHERE m.recipient = $1 AND m.kind = 'password-reset'`,
      [email],
    );
    expect(rows).toEqual([
      {
        state: 'sent',
        kind: 'password-reset',
        data: { username: expect.any(String), expiresInMinutes: 60 },
        message_id: expect.stringMatching(/^<mail-[0-9a-f-]{36}@msjaksh\.in>$/),
      },
    ]);
    const [mail] = await resetMails(email);
    expect(mail.headers['message-id']).toBe(rows[0].message_id);
  });

  it('refuses an expired link', async () => {
    const { email, token } = await requestReset();
    await db.query(
      `UPDATE password_resets SET expires_at = now() - interval '1 second'
        WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
      [email],
    );
    const res = await http.post('/auth/reset-password', { token, password: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('This reset link is invalid or has expired.');
  });

  it('refuses a token that was never sent', async () => {
    const res = await http.post('/auth/reset-password', { token: 'made-up-token', password: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('This reset link is invalid or has expired.');
  });

  it('holds the new password to the registration rules and keeps the link usable after a refusal', async () => {
    const { username, token } = await requestReset();
    const weak = await http.post('/auth/reset-password', { token, password: 'weakpassword' });
    expect(weak.status).toBe(400);
    expect(weak.body.details).toEqual(
      expect.arrayContaining(['Password must contain an uppercase letter', 'Password must contain a number']),
    );
    const short = await http.post('/auth/reset-password', { token, password: 'Ab#1' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Password must be at least 8 characters long');

    expect((await http.post('/auth/reset-password', { token, password: NEW_PASSWORD })).status).toBe(200);
    expect((await http.post('/auth/login', { identifier: username, password: NEW_PASSWORD })).status).toBe(
      200,
    );
  });

  it("lifts the account's login lock-out", async () => {
    const { username, token } = await requestReset();
    for (let i = 0; i < 3; i++) {
      expect((await http.post('/auth/login', { identifier: username, password: 'Wrong#Pass1' })).status).toBe(
        401,
      );
    }
    expect((await http.post('/auth/login', { identifier: username, password: OLD_PASSWORD })).status).toBe(
      429,
    );
    expect((await http.post('/auth/reset-password', { token, password: NEW_PASSWORD })).status).toBe(200);
    expect((await http.post('/auth/login', { identifier: username, password: NEW_PASSWORD })).status).toBe(
      200,
    );
  });

  it('says Google sign-in is not offered when the gateway has no Google client configured', async () => {
    const res = await http.get('/auth/providers');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, google: false });
  });
});
