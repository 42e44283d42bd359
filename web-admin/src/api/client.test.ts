import { AxiosError, type AxiosAdapter, type AxiosResponse } from 'axios';
import { createApiClient, type ApiFailure, type ClientEnvironment } from './client';

type Reply = { status: number; data?: unknown } | { noResponse: true; code?: string };

function setup(reply: Reply = { status: 200, data: { success: true } }, online = true) {
  const store = new Map<string, string>([
    ['token', 'customer-jwt'],
    ['adminToken', 'admin-jwt'],
  ]);
  const env: ClientEnvironment = {
    navigate: vi.fn(),
    alert: vi.fn(),
    isOnline: () => online,
    onSessionExpired: vi.fn(),
    storage: { getItem: (key) => store.get(key) ?? null, removeItem: (key) => void store.delete(key) },
    logger: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
  };
  const client = createApiClient(env);
  const seen: Parameters<AxiosAdapter>[0][] = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    if ('noResponse' in reply) throw new AxiosError('Network Error', reply.code ?? 'ERR_NETWORK', config, {});
    const response: AxiosResponse = {
      status: reply.status,
      statusText: '',
      data: reply.data,
      headers: {},
      config,
    };
    if (reply.status >= 400) throw new AxiosError('Request failed', 'ERR_BAD_RESPONSE', config, {}, response);
    return response;
  };
  client.defaults.adapter = adapter;
  return { client, env, store, seen };
}

async function failureOf(promise: Promise<unknown>): Promise<ApiFailure> {
  try {
    await promise;
  } catch (error) {
    return error as ApiFailure;
  }
  throw new Error('expected the call to fail');
}

describe('the admin request client', () => {
  it('sends every call under /api as JSON with a 30000 ms timeout', async () => {
    const { client, seen } = setup();
    await client.get('/admin2009/products');
    expect(seen[0].baseURL).toBe('/api');
    expect(seen[0].timeout).toBe(30000);
    expect(seen[0].headers.get('Content-Type')).toBe('application/json');
  });

  it('carries the admin token from adminToken as a Bearer header on paths containing "admin"', async () => {
    const { client, seen } = setup();
    await client.get('/admin2009/orders');
    await client.post('/admin/upload-images');
    await client.post('/reviews/admin', {});
    expect(seen.map((c) => c.headers.get('Authorization'))).toEqual([
      'Bearer admin-jwt',
      'Bearer admin-jwt',
      'Bearer admin-jwt',
    ]);
  });

  it('carries the customer token on other paths', async () => {
    const { client, seen } = setup();
    await client.get('/customizations');
    expect(seen[0].headers.get('Authorization')).toBe('Bearer customer-jwt');
  });

  it('carries the admin token on a staff-only call that asks for it although its path lacks "admin"', async () => {
    const { client, seen } = setup();
    await client.delete('/reviews/r1', { tokenScope: 'admin' });
    expect(seen[0].headers.get('Authorization')).toBe('Bearer admin-jwt');
  });

  it('sends no authorization header when no token is stored', async () => {
    const { client, seen, store } = setup();
    store.clear();
    await client.get('/admin2009/profile');
    expect(seen[0].headers.has('Authorization')).toBe(false);
  });

  describe('on a 401', () => {
    it('clears adminToken and goes to /admin2009/login?session=expired on an admin call', async () => {
      const { client, env, store } = setup({ status: 401, data: { message: 'Invalid or expired token' } });
      const failure = await failureOf(client.get('/admin2009/profile'));
      expect(store.has('adminToken')).toBe(false);
      expect(store.get('token')).toBe('customer-jwt');
      expect(env.onSessionExpired).toHaveBeenCalledWith('admin');
      expect(env.navigate).toHaveBeenCalledWith('/admin2009/login?session=expired');
      expect(failure).toEqual({
        success: false,
        status: 401,
        message: 'Invalid or expired token',
        errors: [],
      });
    });

    it('ends the admin session on a staff-only call carrying the admin token', async () => {
      const { client, env, store } = setup({ status: 401, data: {} });
      await failureOf(client.put('/customizations/c1', {}, { tokenScope: 'admin' }));
      expect(store.has('adminToken')).toBe(false);
      expect(env.navigate).toHaveBeenCalledWith('/admin2009/login?session=expired');
    });

    it('clears only the customer token on a customer call and goes to the customer login', async () => {
      const { client, env, store } = setup({ status: 401, data: {} });
      await failureOf(client.get('/reviews/product/p1'));
      expect(store.has('token')).toBe(false);
      expect(store.get('adminToken')).toBe('admin-jwt');
      expect(env.onSessionExpired).toHaveBeenCalledWith('customer');
      expect(env.navigate).toHaveBeenCalledWith('/login?session=expired');
    });

    it('treats a refused admin sign-in as wrong credentials and keeps the form in charge', async () => {
      const { client, env, store } = setup({ status: 401, data: { message: 'Invalid email or password' } });
      const failure = await failureOf(client.post('/admin2009/login', { email: 'a@b.c', password: 'x' }));
      expect(env.navigate).not.toHaveBeenCalled();
      expect(store.get('adminToken')).toBe('admin-jwt');
      expect(failure.message).toBe('Invalid email or password');
    });

    it('takes a refused sign-out as a session already ended, leaving the sign-out to the caller', async () => {
      const { client, env, store } = setup({ status: 401, data: {} });
      await failureOf(client.post('/admin2009/logout'));
      expect(env.navigate).not.toHaveBeenCalled();
      expect(env.onSessionExpired).not.toHaveBeenCalled();
      expect(store.get('adminToken')).toBe('admin-jwt');
    });
  });

  it('goes to /403 on a 403 and keeps the tokens', async () => {
    const { client, env, store } = setup({ status: 403, data: { message: 'Forbidden' } });
    const failure = await failureOf(client.get('/admin2009/orders'));
    expect(env.navigate).toHaveBeenCalledWith('/403');
    expect(store.get('adminToken')).toBe('admin-jwt');
    expect(failure).toEqual({ success: false, status: 403, message: 'Forbidden', errors: [] });
  });

  it("alerts 'Too many requests. Please wait a moment and try again.' on a 429", async () => {
    const { client, env } = setup({ status: 429, data: {} });
    const failure = await failureOf(client.post('/admin2009/login', {}));
    expect(env.alert).toHaveBeenCalledWith('Too many requests. Please wait a moment and try again.');
    expect(failure.status).toBe(429);
  });

  it.each([500, 502, 503])("alerts 'Server error. Please try again later.' on a %i", async (status) => {
    const { client, env } = setup({ status, data: { message: 'boom' } });
    const failure = await failureOf(client.get('/admin2009/orders'));
    expect(env.alert).toHaveBeenCalledWith('Server error. Please try again later.');
    expect(failure).toEqual({ success: false, status, message: 'boom', errors: [] });
  });

  it('only logs other statuses such as 400, 404 and 504', async () => {
    for (const status of [400, 404, 504]) {
      const { client, env } = setup({ status, data: { message: 'nope' } });
      const failure = await failureOf(client.get('/admin2009/products'));
      expect(env.alert).not.toHaveBeenCalled();
      expect(env.navigate).not.toHaveBeenCalled();
      expect(env.logger.warn).toHaveBeenCalled();
      expect(failure.status).toBe(status);
    }
  });

  describe('when no response arrives', () => {
    it("alerts 'Unable to connect to server. Please check your internet connection and try again.' and rejects with NETWORK_ERROR", async () => {
      const { client, env } = setup({ noResponse: true });
      const failure = await failureOf(client.get('/admin2009/products'));
      expect(env.alert).toHaveBeenCalledWith(
        'Unable to connect to server. Please check your internet connection and try again.',
      );
      expect(failure.code).toBe('NETWORK_ERROR');
    });

    it("alerts 'You appear to be offline. Please check your internet connection.' when the browser is offline", async () => {
      const { client, env } = setup({ noResponse: true }, false);
      const failure = await failureOf(client.get('/admin2009/products'));
      expect(env.alert).toHaveBeenCalledWith(
        'You appear to be offline. Please check your internet connection.',
      );
      expect(failure.code).toBe('NETWORK_ERROR');
    });

    it('treats a timeout as no response', async () => {
      const { client, env } = setup({ noResponse: true, code: 'ECONNABORTED' });
      const failure = await failureOf(client.get('/admin2009/products'));
      expect(env.alert).toHaveBeenCalledWith(
        'Unable to connect to server. Please check your internet connection and try again.',
      );
      expect(failure.code).toBe('NETWORK_ERROR');
    });
  });

  it('rejects with REQUEST_ERROR when the request cannot be set up', async () => {
    const { client, env } = setup();
    env.storage.getItem = () => {
      throw new Error('storage is disabled');
    };
    const failure = await failureOf(client.get('/admin2009/products'));
    expect(failure.code).toBe('REQUEST_ERROR');
    expect(failure.message).toBe('storage is disabled');
    expect(env.alert).not.toHaveBeenCalled();
  });

  it('neither alerts nor navigates when a request is cancelled', async () => {
    const { client, env } = setup();
    const controller = new AbortController();
    controller.abort();
    const failure = await failureOf(client.get('/admin2009/products', { signal: controller.signal }));
    expect(failure.code).toBe('CANCELLED');
    expect(env.alert).not.toHaveBeenCalled();
    expect(env.navigate).not.toHaveBeenCalled();
  });

  it("reads a failed file download's JSON error, sent as a Blob, into the server's message", async () => {
    const body = { success: false, status: 404, message: 'Document not found', errors: [] };
    const { client } = setup({
      status: 404,
      data: new Blob([JSON.stringify(body)], { type: 'application/json' }),
    });
    const failure = await failureOf(
      client.get('/admin2009/orders/o1/documents/invoice', { responseType: 'blob' }),
    );
    expect(failure).toMatchObject({ success: false, status: 404, message: 'Document not found' });
  });
});
