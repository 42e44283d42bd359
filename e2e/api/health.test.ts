import { SERVICES } from '@shop/proto';
import { Backend, startBackend } from '../harness/backend';
import { api } from '../harness/http';

jest.setTimeout(60_000);

describe('GET /api/health', () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend();
  });
  afterAll(() => backend?.stop());

  it('lists all six services as up', async () => {
    const res = await api(backend.url).get('/health');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
    for (const service of SERVICES) expect(res.body.services[service].status).toBe('up');
  });

  it('reports a killed service down within seconds while the gateway keeps answering', async () => {
    await backend.kill('cart');
    const started = Date.now();
    const res = await api(backend.url).get('/health');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(res.status).toBe(503);
    expect(res.body.status).toBe('degraded');
    expect(res.body.services.cart.status).toBe('down');
    expect(res.body.services.user.status).toBe('up');
    expect((await api(backend.url).get('/health')).body.services.catalog.status).toBe('up');
  });

  it('answers unknown routes with the error body', async () => {
    const res = await api(backend.url).get('/nowhere');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, status: 404, message: 'Cannot GET /api/nowhere', errors: [] });
  });
});
