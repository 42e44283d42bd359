import { databaseUrl, SHOP_METRICS } from '@shop/kit';
import { Client } from 'pg';
import { Backend, startBackend } from '../harness/backend';
import { api } from '../harness/http';

jest.setTimeout(90_000);

const SUBJECT = 'Reset your MS & Jaksh password';
const MAX_ATTEMPTS = 10;

/** Mail while the SMTP relay (maildev) is down: it waits, is retried, arrives, or is dead-lettered. */
describe('mail while the SMTP relay is down', () => {
  let backend: Backend;
  let db: Client;
  let seq = 0;

  const details = async () => {
    const res = await fetch(`${backend.healthUrl('user')}/health/details`);
    return { status: res.status, body: await res.json() };
  };
  const metrics = async () => (await fetch(`${backend.healthUrl('user')}/metrics`)).text();
  const mailRow = async (email: string) =>
    (
      await db.query(
        `SELECT state, attempts, last_error FROM mails WHERE recipient = $1 AND kind = 'password-reset'`,
        [email],
      )
    ).rows[0];
  const until = async <T>(
    probe: () => Promise<T>,
    ok: (value: T) => boolean,
    timeoutMs = 20_000,
  ): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await probe();
      if (ok(value)) return value;
      if (Date.now() > deadline) throw new Error(`gave up waiting, last saw ${JSON.stringify(value)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  /** A new customer, whose verification mail has gone out: the reset mail is then the only one waiting. */
  const newCustomer = async () => {
    seq += 1;
    const email = `waiting${seq}@example.com`;
    expect(
      (
        await api(backend.url).post('/auth/register', {
          username: `waiting_${seq}`,
          email,
          password: 'Secret@123',
        })
      ).status,
    ).toBe(201);
    await backend.mailbox!.waitFor({ to: email, subject: /^Verify your e-mail address/ });
    await until(details, (r) => r.status === 200 && r.body.details.mail.pending === 0);
    return email;
  };

  const askForReset = async (email: string) => {
    expect((await api(backend.url).post('/auth/forgot-password', { email })).status).toBe(200);
  };

  beforeAll(async () => {
    backend = await startBackend({
      services: ['user'],
      serviceEnv: {
        user: {
          MAIL_RETRY_BASE_MS: '200',
          MAIL_RETRY_MAX_MS: '1000',
          MAIL_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
        },
      },
    });
    db = new Client({ connectionString: databaseUrl(backend.env.DATABASE_URL, backend.databases.user) });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await backend?.stop();
  });

  it('reports mail as up, sending through the relay, before anything failed', async () => {
    const { status, body } = await details();
    expect(status).toBe(200);
    expect(body.details.mail).toMatchObject({
      status: 'up',
      relay: new URL(backend.mailbox!.smtpUrl).host,
      pending: 0,
      dead: 0,
    });
  });

  it('keeps a mail while the relay is down, retrying with backoff, shows it in health without making the service unready, and delivers it once the relay is back', async () => {
    const email = await newCustomer();
    await backend.mailbox!.stop();
    await askForReset(email);

    const failing = await until(
      () => mailRow(email),
      (row) => row?.attempts >= 2 && row.state === 'pending',
    );
    expect(failing.last_error).toMatch(/ECONNREFUSED/);
    const report = await until(details, (r) => r.status === 503 && r.body.error?.mail?.pending === 1);
    expect(report.body.error.mail).toMatchObject({
      status: 'down',
      pending: 1,
      dead: 0,
      failingSince: expect.any(String),
      lastFailure: { error: expect.stringMatching(/ECONNREFUSED/) },
    });
    expect(report.body.details.database.status).toBe('up');
    expect((await fetch(`${backend.healthUrl('user')}/health/ready`)).status).toBe(200);

    await backend.mailbox!.start();
    expect(await backend.mailbox!.waitFor({ to: email, subject: SUBJECT })).toHaveLength(1);
    const sent = await until(
      () => mailRow(email),
      (row) => row.state === 'sent',
    );
    expect(sent.attempts).toBeGreaterThanOrEqual(3);
    // Up again with the first mail the relay takes; a mail still waiting out its back-off (the new
    // customer's verification mail, queued as the relay stopped) goes out at its next attempt.
    const healthy = await until(details, (r) => r.status === 200 && r.body.details.mail.pending === 0);
    expect(healthy.body.details.mail).toMatchObject({ status: 'up', pending: 0 });
    expect(healthy.body.details.mail).not.toHaveProperty('failingSince');
    await new Promise((r) => setTimeout(r, 500));
    expect(await backend.mailbox!.waitFor({ to: email, subject: SUBJECT })).toHaveLength(1);
  });

  it('dead-letters a mail after its last attempt, shows it in health and metrics, and sends it once re-driven', async () => {
    const email = await newCustomer();
    await backend.mailbox!.stop();
    await askForReset(email);

    const dead = await until(
      () => mailRow(email),
      (row) => row?.state === 'dead',
    );
    expect(dead.attempts).toBe(MAX_ATTEMPTS);
    const report = await until(
      details,
      (r) => r.body.error?.mail?.dead === 1 || r.body.details?.mail?.dead === 1,
    );
    expect({ ...report.body.details.mail, ...report.body.error?.mail }).toMatchObject({
      dead: 1,
      pending: 0,
    });
    const exposition = await metrics();
    expect(exposition).toMatch(new RegExp(`^${SHOP_METRICS.mailsDead}\\{service="user"\\} 1$`, 'm'));
    expect(exposition).toMatch(new RegExp(`^${SHOP_METRICS.mailsPending}\\{service="user"\\} 0$`, 'm'));
    const failed = exposition.match(
      new RegExp(
        `^${SHOP_METRICS.mailAttemptsFailed}\\{kind="password-reset",service="user"\\} (\\d+)$`,
        'm',
      ),
    );
    expect(Number(failed?.[1])).toBeGreaterThanOrEqual(MAX_ATTEMPTS + 2);
    expect(exposition).toMatch(
      new RegExp(`^${SHOP_METRICS.mailsSent}\\{kind="password-reset",service="user"\\} 1$`, 'm'),
    );

    // The re-drive docs/operations.md gives: dead mails back to pending, due now, attempts afresh.
    await backend.mailbox!.start();
    await db.query(
      `UPDATE mails SET state = 'pending', attempts = 0, next_attempt_at = now() WHERE state = 'dead'`,
    );
    expect(await backend.mailbox!.waitFor({ to: email, subject: SUBJECT })).toHaveLength(1);
    await until(
      () => mailRow(email),
      (row) => row.state === 'sent',
    );
    expect(
      await until(metrics, (text) => text.includes(`${SHOP_METRICS.mailsDead}{service="user"} 0`)),
    ).toBeTruthy();
  });
});
