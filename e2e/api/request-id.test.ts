import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { Backend, freePort, startBackend } from '../harness/backend';
import { api } from '../harness/http';

jest.setTimeout(60_000);

const FRESH_ID = /^[0-9a-f-]{36}$/;

/** Waits until the user service has logged the line of a request that came in with `requestId`. */
async function userLogLine(backend: Backend, requestId: string): Promise<Record<string, unknown>> {
  for (;;) {
    const line = backend
      .logs('user')
      .split('\n')
      .find((l) => l.includes('user.health.ping') && l.includes(`"requestId":"${requestId}"`));
    if (line) return JSON.parse(line);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The request id ties a request's log lines together across the gateway and the services. Only a
 * proxy the gateway trusts (TRUSTED_PROXIES) may name it; anyone else gets one the gateway makes.
 */
describe('request id', () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({ services: ['user'], serviceEnv: { user: { LOG_LEVEL: 'debug' } } });
  });
  afterAll(() => backend?.stop());

  it('is made by the gateway, echoed back and carried into the service\'s log lines when the caller sends none', async () => {
    const res = await api(backend.url).get('/health');
    const id = res.headers.get('x-request-id')!;
    expect(id).toMatch(FRESH_ID);
    expect(await userLogLine(backend, id)).toMatchObject({ requestId: id, service: 'user' });
  });

  it("is made afresh when a caller that is not a trusted proxy sends one, which never reaches a log", async () => {
    const sent = 'forged-correlation-id-1';
    const res = await api(backend.url).request('GET', '/health', { headers: { 'x-request-id': sent } });
    const id = res.headers.get('x-request-id')!;
    expect(id).toMatch(FRESH_ID);
    await userLogLine(backend, id);
    expect(backend.logs('user')).not.toContain(sent);
    expect(backend.logs('gateway')).not.toContain(sent);
  });

  describe('behind a trusted proxy', () => {
    let proxied: ChildProcess;
    let url: string;

    beforeAll(async () => {
      const port = await freePort();
      url = `http://127.0.0.1:${port}`;
      // This test's requests come from 127.0.0.1, which this replica trusts as its proxy.
      proxied = spawn(process.execPath, [join(__dirname, '..', '..', 'gateway', 'dist', 'main.js')], {
        env: { ...process.env, ...backend.env, PORT: String(port), HOST: '127.0.0.1', TRUSTED_PROXIES: 'loopback' },
        stdio: 'ignore',
      });
      for (;;) {
        if ((await fetch(`${url}/health/live`).catch(() => null))?.ok) break;
        await new Promise((r) => setTimeout(r, 100));
      }
    });
    afterAll(() => {
      proxied?.kill('SIGTERM');
    });

    it("is the proxy's, echoed back and carried into the service's log lines", async () => {
      const res = await api(url).request('GET', '/health', { headers: { 'x-request-id': 'req-abc-123' } });
      expect(res.headers.get('x-request-id')).toBe('req-abc-123');
      expect(await userLogLine(backend, 'req-abc-123')).toMatchObject({ requestId: 'req-abc-123', service: 'user' });
    });

    it('keeps an id of up to 64 letters, digits and . _ : -', async () => {
      const sent = `trace:${'A1._-'.repeat(11)}z`.slice(0, 64);
      const res = await fetch(`${url}/api/health`, { headers: { 'x-request-id': sent } });
      expect(res.headers.get('x-request-id')).toBe(sent);
    });

    it.each([
      ['too long', 'a'.repeat(65)],
      ['holding spaces and quotes', 'x" injected="yes'],
      ['holding a forged JSON log line', '1"}\t{"level":60,"msg":"forged'],
      ['holding letters outside ASCII', 'caf\u00e9-id'],
    ])('is replaced by a fresh one when the proxy sends one %s, which never reaches a log', async (_, sent) => {
      const res = await fetch(`${url}/api/health`, { headers: { 'x-request-id': sent } });
      const id = res.headers.get('x-request-id')!;
      expect(id).toMatch(FRESH_ID);
      await userLogLine(backend, id);
      expect(backend.logs('user')).not.toContain(sent);
    });
  });
});
