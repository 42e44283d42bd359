// @vitest-environment node
import { createRequestClient, serverEnvironment } from './request';
import { failureOf, stubbedClient } from './test/requestStub';

const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
const onServer = () =>
  createRequestClient({ ...serverEnvironment(logger), baseURL: 'http://127.0.0.1:8080/api' });

describe('the request client on the server', () => {
  it('loads and sends where there is no window, document or localStorage', async () => {
    expect(typeof window).toBe('undefined');
    const { client, seen } = stubbedClient(onServer);
    const { data } = await client.get('/products', { params: { page: 1 } });
    expect(data).toEqual({ success: true });
    expect(seen[0].baseURL).toBe('http://127.0.0.1:8080/api');
  });

  it('sends no token: the server renders every page signed out', async () => {
    const { client, seen } = stubbedClient(onServer);
    await client.get('/auth/me');
    await client.get('/admin2009/profile');
    expect(seen.map((c) => c.headers.has('Authorization'))).toEqual([false, false]);
  });

  it('rejects a 404 with the gateway failure, for the loader to answer not found', async () => {
    const { client } = stubbedClient(onServer, { status: 404, data: { message: 'Product not found' } });
    const failure = await failureOf(client.get('/products/gone'));
    expect(failure).toEqual({ success: false, status: 404, message: 'Product not found', errors: [] });
  });

  it('logs what the browser would have alerted or where it would have gone', async () => {
    const unavailable = stubbedClient(onServer, { status: 503, data: {} });
    await failureOf(unavailable.client.get('/products'));
    expect(logger.warn).toHaveBeenCalledWith('Server error. Please try again later.');
    const refused = stubbedClient(onServer, { status: 401, data: {} });
    await failureOf(refused.client.get('/auth/me'));
    expect(logger.warn).toHaveBeenCalledWith('A server-side request asked to go to /login?session=expired');
  });

  it('says the gateway is unreachable, not that the shopper is offline, when no answer comes', async () => {
    const { client } = stubbedClient(onServer, { noResponse: true, code: 'ECONNREFUSED' });
    const failure = await failureOf(client.get('/products'));
    expect(failure.code).toBe('NETWORK_ERROR');
    expect(logger.warn).toHaveBeenCalledWith(
      'Unable to connect to server. Please check your internet connection and try again.',
    );
  });
});
