import { Backend, startBackend } from '../harness/backend';
import { api } from '../harness/http';

jest.setTimeout(60_000);

describe('request id', () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({ services: ['user'], serviceEnv: { user: { LOG_LEVEL: 'debug' } } });
  });
  afterAll(() => backend?.stop());

  it("is taken from the caller's x-request-id, echoed back, and carried into the service's log lines", async () => {
    const res = await api(backend.url).request('GET', '/health', { headers: { 'x-request-id': 'req-abc-123' } });
    expect(res.headers.get('x-request-id')).toBe('req-abc-123');
    await new Promise((r) => setTimeout(r, 200));
    const line = backend
      .logs('user')
      .split('\n')
      .find((l) => l.includes('user.health.ping'));
    expect(line && JSON.parse(line)).toMatchObject({ requestId: 'req-abc-123', service: 'user' });
  });

  it('is made up by the gateway when the caller sends none', async () => {
    const res = await api(backend.url).get('/health');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each([
    ['too long', 'a'.repeat(65)],
    ['holding spaces and quotes', 'x" injected="yes'],
    ['holding a forged JSON log line', '1"}\t{"level":60,"msg":"forged'],
    ['holding letters outside ASCII', 'caf\u00e9-id'],
  ])('is replaced by a fresh one when the caller sends one %s, which never reaches a log', async (_, sent) => {
    const res = await fetch(`${backend.url}/api/health`, { headers: { 'x-request-id': sent } });
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await new Promise((r) => setTimeout(r, 200));
    expect(backend.logs('user')).toContain(`"requestId":"${id}"`);
    expect(backend.logs('user')).not.toContain(sent);
    expect(backend.logs('gateway')).not.toContain(sent);
  });

  it('keeps a caller id of up to 64 letters, digits and . _ : -', async () => {
    const sent = `trace:${'A1._-'.repeat(11)}z`.slice(0, 64);
    const res = await fetch(`${backend.url}/api/health`, { headers: { 'x-request-id': sent } });
    expect(res.headers.get('x-request-id')).toBe(sent);
  });
});
