import { createServer } from 'node:net';
import { Backend, startBackend } from '../harness/backend';
import { api } from '../harness/http';

jest.setTimeout(60_000);

/** A port nothing listens on: an SMTP relay there refuses every connection. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("a password-reset mail the relay refuses shows in the user service's health details", () => {
  let backend: Backend;
  const details = async () => {
    const res = await fetch(`${backend.healthUrl('user')}/health/details`);
    return { status: res.status, body: await res.json() };
  };

  beforeAll(async () => {
    backend = await startBackend({
      services: ['user'],
      serviceEnv: { user: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` } },
    });
  });
  afterAll(() => backend?.stop());

  it('reports mail as up before anything failed', async () => {
    const { status, body } = await details();
    expect(status).toBe(200);
    expect(body.details.mail).toMatchObject({ status: 'up', transport: 'smtp', sent: 0, failed: 0 });
  });

  it('reports mail as down, with the reason, once a reset mail cannot be sent, while the service stays ready', async () => {
    const http = api(backend.url);
    const email = 'unlucky@example.com';
    expect((await http.post('/auth/register', { username: 'unlucky_one', email, password: 'Secret@123' })).status).toBe(201);
    expect((await http.post('/auth/forgot-password', { email })).status).toBe(200);

    const deadline = Date.now() + 10_000;
    let report = await details();
    while (report.status === 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      report = await details();
    }
    expect(report.status).toBe(503);
    expect(report.body.error.mail).toMatchObject({
      status: 'down',
      failed: 1,
      lastFailure: { error: expect.stringMatching(/ECONNREFUSED/) },
    });
    expect(report.body.details.database.status).toBe('up');
    expect((await fetch(`${backend.healthUrl('user')}/health/ready`)).status).toBe(200);
  });
});
