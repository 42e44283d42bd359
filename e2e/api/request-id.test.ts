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
});
