import { AxiosError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import {
  alreadyAnnounced,
  CLIENT_MESSAGES,
  createApiClient,
  type ApiFailure,
  type ClientEnvironment,
} from './client';

type Reply =
  | { status: number; data?: unknown }
  | { noResponse: true; code?: string }
  | ((config: InternalAxiosRequestConfig) => never);

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
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    if (typeof reply === 'function') return reply(config);
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

describe('the shared request client', () => {
  it('sends every call under /api as JSON with a 30 second timeout and credentials', async () => {
    const { client, seen } = setup();
    await client.get('/products');
    expect(seen[0].baseURL).toBe('/api');
    expect(seen[0].timeout).toBe(30000);
    expect(seen[0].withCredentials).toBe(true);
    expect(seen[0].headers.get('Content-Type')).toBe('application/json');
  });

  it('carries the customer token as a Bearer header on ordinary paths', async () => {
    const { client, seen } = setup();
    await client.get('/auth/me');
    expect(seen[0].headers.get('Authorization')).toBe('Bearer customer-jwt');
  });

  it('carries the admin token on paths containing "admin"', async () => {
    const { client, seen } = setup();
    await client.get('/admin2009/profile');
    await client.post('/admin/upload-images');
    expect(seen[0].headers.get('Authorization')).toBe('Bearer admin-jwt');
    expect(seen[1].headers.get('Authorization')).toBe('Bearer admin-jwt');
  });

  it('sends no authorization header when no token is stored', async () => {
    const { client, seen, store } = setup();
    store.clear();
    await client.get('/products');
    expect(seen[0].headers.has('Authorization')).toBe(false);
  });

  describe('on a 401', () => {
    it('clears the customer token and goes to /login?session=expired', async () => {
      const { client, env, store } = setup({ status: 401, data: { message: 'Unauthorized' } });
      const failure = await failureOf(client.get('/auth/me'));
      expect(store.has('token')).toBe(false);
      expect(store.get('adminToken')).toBe('admin-jwt');
      expect(env.onSessionExpired).toHaveBeenCalledWith('customer');
      expect(env.navigate).toHaveBeenCalledWith('/login?session=expired');
      expect(failure).toEqual({ success: false, status: 401, message: 'Unauthorized', errors: [] });
    });

    it('navigates to /login?session=expired before the session state is told, so no page redirect can replace it', async () => {
      const { client, env } = setup({ status: 401, data: { message: 'Unauthorized' } });
      const order: string[] = [];
      vi.mocked(env.navigate).mockImplementation(() => order.push('navigate'));
      vi.mocked(env.onSessionExpired!).mockImplementation(() => order.push('session expired'));
      await failureOf(client.get('/auth/me'));
      expect(order).toEqual(['navigate', 'session expired']);
    });

    it('clears only the admin token on an admin path and goes to the admin login', async () => {
      const { client, env, store } = setup({ status: 401, data: { message: 'Unauthorized' } });
      await failureOf(client.get('/admin2009/profile'));
      expect(store.has('adminToken')).toBe(false);
      expect(store.get('token')).toBe('customer-jwt');
      expect(env.navigate).toHaveBeenCalledWith('/admin2009/login?session=expired');
    });

    it('does not log the shopper out on cart calls', async () => {
      const { client, env, store } = setup({ status: 401, data: { message: 'Unauthorized' } });
      const failure = await failureOf(client.post('/cart', { productId: 'p1', quantity: 1 }));
      await failureOf(client.put('/cart/line-1', { quantity: 2 }));
      expect(store.get('token')).toBe('customer-jwt');
      expect(env.navigate).not.toHaveBeenCalled();
      expect(env.onSessionExpired).not.toHaveBeenCalled();
      expect(failure.status).toBe(401);
    });
  });

  it('treats a refused sign-in as a wrong password, not an expired session', async () => {
    const { client, env, store } = setup({
      status: 401,
      data: { message: 'Invalid email/username or password' },
    });
    const failure = await failureOf(client.post('/auth/login', { identifier: 'a', password: 'b' }));
    await failureOf(client.post('/auth/register', {}));
    expect(env.navigate).not.toHaveBeenCalled();
    expect(store.get('token')).toBe('customer-jwt');
    expect(failure.message).toBe('Invalid email/username or password');
  });

  it('goes to /403 on a 403', async () => {
    const { client, env, store } = setup({ status: 403, data: { message: 'Forbidden' } });
    const failure = await failureOf(client.get('/orders/abc'));
    expect(env.navigate).toHaveBeenCalledWith('/403');
    expect(store.get('token')).toBe('customer-jwt');
    expect(failure.status).toBe(403);
  });

  it('leaves a refused sign-in of a deactivated account on the form, with its message', async () => {
    const { client, env } = setup({ status: 403, data: { message: 'This account has been deactivated' } });
    const failure = await failureOf(client.post('/auth/login', { identifier: 'a', password: 'b' }));
    expect(env.navigate).not.toHaveBeenCalled();
    expect(failure.message).toBe('This account has been deactivated');
  });

  it('leaves a 403 to a screen that explains it itself', async () => {
    const { client, env } = setup({
      status: 403,
      data: { message: 'You do not have permission to view this order' },
    });
    const failure = await failureOf(client.get('/orders/abc', { showsForbidden: true }));
    expect(env.navigate).not.toHaveBeenCalled();
    expect(failure.message).toBe('You do not have permission to view this order');
  });

  it('only logs a 404', async () => {
    const { client, env } = setup({ status: 404, data: { message: 'Product not found' } });
    const failure = await failureOf(client.get('/products/x'));
    expect(env.alert).not.toHaveBeenCalled();
    expect(env.navigate).not.toHaveBeenCalled();
    expect(env.logger.warn).toHaveBeenCalled();
    expect(failure).toEqual({ success: false, status: 404, message: 'Product not found', errors: [] });
  });

  it("alerts 'Too many requests. Please wait a moment and try again.' on a 429", async () => {
    const { client, env } = setup({ status: 429, data: {} });
    await failureOf(client.get('/products'));
    expect(env.alert).toHaveBeenCalledWith('Too many requests. Please wait a moment and try again.');
  });

  it.each([500, 502, 503])("alerts 'Server error. Please try again later.' on a %i", async (status) => {
    const { client, env } = setup({ status, data: { message: 'boom' } });
    const failure = await failureOf(client.get('/products'));
    expect(env.alert).toHaveBeenCalledWith('Server error. Please try again later.');
    expect(failure.status).toBe(status);
  });

  it('only logs other statuses such as 400 and 504', async () => {
    for (const status of [400, 504]) {
      const { client, env } = setup({ status, data: { message: 'nope' } });
      await failureOf(client.get('/products'));
      expect(env.alert).not.toHaveBeenCalled();
      expect(env.navigate).not.toHaveBeenCalled();
      expect(env.logger.warn).toHaveBeenCalled();
    }
  });

  describe('when no response arrives', () => {
    it("alerts 'Unable to connect to server...' and rejects with NETWORK_ERROR", async () => {
      const { client, env } = setup({ noResponse: true });
      const failure = await failureOf(client.get('/products'));
      expect(env.alert).toHaveBeenCalledWith(
        'Unable to connect to server. Please check your internet connection and try again.',
      );
      expect(failure.code).toBe('NETWORK_ERROR');
    });

    it("alerts 'You appear to be offline...' when the browser is offline", async () => {
      const { client, env } = setup({ noResponse: true }, false);
      const failure = await failureOf(client.get('/products'));
      expect(env.alert).toHaveBeenCalledWith(
        'You appear to be offline. Please check your internet connection.',
      );
      expect(failure.code).toBe('NETWORK_ERROR');
    });

    it('treats a timeout as no response', async () => {
      const { client, env } = setup({ noResponse: true, code: 'ECONNABORTED' });
      const failure = await failureOf(client.get('/products'));
      expect(env.alert).toHaveBeenCalledWith(CLIENT_MESSAGES.unreachable);
      expect(failure.code).toBe('NETWORK_ERROR');
    });
  });

  it('rejects with REQUEST_ERROR when the request cannot be set up', async () => {
    const { client, env } = setup();
    env.storage.getItem = () => {
      throw new Error('storage is disabled');
    };
    const failure = await failureOf(client.get('/products'));
    expect(failure.code).toBe('REQUEST_ERROR');
    expect(failure.message).toBe('storage is disabled');
    expect(env.alert).not.toHaveBeenCalled();
  });

  it('neither alerts nor navigates when a request is cancelled', async () => {
    const { client, env } = setup();
    const controller = new AbortController();
    controller.abort();
    const failure = await failureOf(client.get('/products/search', { signal: controller.signal }));
    expect(failure.code).toBe('CANCELLED');
    expect(env.alert).not.toHaveBeenCalled();
  });
});

describe('whether the client already told the shopper', () => {
  const failure = (status: number, code?: ApiFailure['code']): ApiFailure => ({
    success: false,
    status,
    code,
    message: 'x',
    errors: [],
  });

  it('is true for a lost connection, 429 and server errors, which the client alerts itself', () => {
    expect(alreadyAnnounced(failure(0, 'NETWORK_ERROR'))).toBe(true);
    expect(alreadyAnnounced(failure(429))).toBe(true);
    expect(alreadyAnnounced(failure(500))).toBe(true);
    expect(alreadyAnnounced(failure(503))).toBe(true);
  });

  it('is false for failures only a screen can explain', () => {
    expect(alreadyAnnounced(failure(400))).toBe(false);
    expect(alreadyAnnounced(failure(404))).toBe(false);
    expect(alreadyAnnounced(new Error('boom'))).toBe(false);
  });

  it("reads a failed file download's JSON error, sent as a Blob, into the server's message", async () => {
    const body = { success: false, status: 404, message: 'Document not found', errors: [] };
    const { client } = setup({
      status: 404,
      data: new Blob([JSON.stringify(body)], { type: 'application/json' }),
    });
    const failure = await failureOf(client.get('/orders/o1/documents/invoice', { responseType: 'blob' }));
    expect(failure).toMatchObject({ success: false, status: 404, message: 'Document not found' });
  });
});
