import {
  alreadyAnnounced,
  browserEnvironment,
  CLIENT_MESSAGES,
  createClientBridge,
  createRequestClient,
  failureMessage,
  type ApiFailure,
  type RequestEnvironment,
} from './request';
import { failureOf, stubbedClient, type StubEnvironment, type StubReply } from './test/requestStub';

const plain = (env: StubEnvironment) => createRequestClient({ ...env, baseURL: '/api' });

/** As the storefront uses it: cookies for the guest cart, and a refused sign-in left to its form. */
const signInOnForm: Pick<RequestEnvironment, 'withCredentials' | 'leavesToCaller'> = {
  withCredentials: true,
  leavesToCaller: (_status, url) => url === '/auth/login',
};
const storefrontLike = (env: StubEnvironment) =>
  createRequestClient({ ...env, baseURL: '/api', ...signInOnForm });

function setup(reply?: StubReply, online?: boolean) {
  return stubbedClient(plain, reply, online);
}

describe('the request client', () => {
  it('sends every call under its base URL as JSON with a 30 second timeout', async () => {
    const { client, seen } = stubbedClient((env) =>
      createRequestClient({ ...env, baseURL: 'http://gateway:8080/api' }),
    );
    await client.get('/products');
    expect(seen[0].baseURL).toBe('http://gateway:8080/api');
    expect(seen[0].timeout).toBe(30000);
    expect(seen[0].withCredentials).toBe(false);
    expect(seen[0].headers.get('Content-Type')).toBe('application/json');
  });

  it('sends cookies when asked to', async () => {
    const { client, seen } = stubbedClient(storefrontLike);
    await client.get('/cart');
    expect(seen[0].withCredentials).toBe(true);
  });

  it('carries the customer token as a Bearer header on ordinary paths', async () => {
    const { client, seen } = setup();
    await client.get('/auth/me');
    expect(seen[0].headers.get('Authorization')).toBe('Bearer customer-jwt');
  });

  it('carries the admin token on paths containing "admin"', async () => {
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

  it('carries the admin token on a staff-only call that asks for it although its path lacks "admin"', async () => {
    const { client, seen } = setup();
    await client.delete('/reviews/r1', { tokenScope: 'admin' });
    expect(seen[0].headers.get('Authorization')).toBe('Bearer admin-jwt');
  });

  it('sends no authorization header when no token is held', async () => {
    const { client, seen, tokens } = setup();
    tokens.clear();
    await client.get('/products');
    expect(seen[0].headers.has('Authorization')).toBe(false);
  });

  describe('on a 401', () => {
    it('forgets the customer token and goes to /login?session=expired', async () => {
      const { client, env, tokens } = setup({ status: 401, data: { message: 'Unauthorized' } });
      const failure = await failureOf(client.get('/auth/me'));
      expect(tokens.has('customer')).toBe(false);
      expect(tokens.get('admin')).toBe('admin-jwt');
      expect(env.onSessionExpired).toHaveBeenCalledWith('customer');
      expect(env.navigate).toHaveBeenCalledWith('/login?session=expired');
      expect(failure).toEqual({ success: false, status: 401, message: 'Unauthorized', errors: [] });
    });

    it('navigates before the session is told, so no page redirect can replace the expiry message', async () => {
      const { client, env } = setup({ status: 401, data: { message: 'Unauthorized' } });
      const order: string[] = [];
      env.navigate.mockImplementation(() => order.push('navigate'));
      env.onSessionExpired.mockImplementation(() => order.push('session expired'));
      await failureOf(client.get('/auth/me'));
      expect(order).toEqual(['navigate', 'session expired']);
    });

    it('forgets only the admin token on an admin call and goes to /admin2009/login?session=expired', async () => {
      const { client, env, tokens } = setup({ status: 401, data: { message: 'Invalid or expired token' } });
      await failureOf(client.get('/admin2009/profile'));
      expect(tokens.has('admin')).toBe(false);
      expect(tokens.get('customer')).toBe('customer-jwt');
      expect(env.onSessionExpired).toHaveBeenCalledWith('admin');
      expect(env.navigate).toHaveBeenCalledWith('/admin2009/login?session=expired');
    });

    it('ends the admin session on a staff-only call carrying the admin token', async () => {
      const { client, env, tokens } = setup({ status: 401, data: {} });
      await failureOf(client.put('/customizations/c1', {}, { tokenScope: 'admin' }));
      expect(tokens.has('admin')).toBe(false);
      expect(env.navigate).toHaveBeenCalledWith('/admin2009/login?session=expired');
    });

    it('only logs a 401 the calling screen explains itself, keeping the session', async () => {
      const { client, env, tokens } = stubbedClient(storefrontLike, {
        status: 401,
        data: { message: 'Invalid email/username or password' },
      });
      const failure = await failureOf(client.post('/auth/login', { identifier: 'a', password: 'b' }));
      expect(env.navigate).not.toHaveBeenCalled();
      expect(env.onSessionExpired).not.toHaveBeenCalled();
      expect(tokens.get('customer')).toBe('customer-jwt');
      expect(env.logger.warn).toHaveBeenCalledWith('Request /auth/login failed with 401', failure.message);
      expect(failure.message).toBe('Invalid email/username or password');
    });
  });

  describe('on a 403', () => {
    it('goes to /403 and keeps the tokens', async () => {
      const { client, env, tokens } = setup({ status: 403, data: { message: 'Forbidden' } });
      const failure = await failureOf(client.get('/orders/abc'));
      expect(env.navigate).toHaveBeenCalledWith('/403');
      expect(tokens.get('customer')).toBe('customer-jwt');
      expect(failure).toEqual({ success: false, status: 403, message: 'Forbidden', errors: [] });
    });

    it('stays on a screen that explains the 403 itself', async () => {
      const { client, env } = setup({
        status: 403,
        data: { message: 'You do not have permission to view this order' },
      });
      const failure = await failureOf(client.get('/orders/abc', { showsForbidden: true }));
      expect(env.navigate).not.toHaveBeenCalled();
      expect(failure.message).toBe('You do not have permission to view this order');
    });

    it('leaves a 403 the calling screen explains to it, with its message', async () => {
      const { client, env } = stubbedClient(storefrontLike, {
        status: 403,
        data: { message: 'This account has been deactivated' },
      });
      const failure = await failureOf(client.post('/auth/login', { identifier: 'a', password: 'b' }));
      expect(env.navigate).not.toHaveBeenCalled();
      expect(failure.message).toBe('This account has been deactivated');
    });
  });

  it("alerts 'Too many requests. Please wait a moment and try again.' on a 429", async () => {
    const { client, env } = setup({ status: 429, data: {} });
    const failure = await failureOf(client.post('/auth/login', {}));
    expect(env.alert).toHaveBeenCalledWith('Too many requests. Please wait a moment and try again.');
    expect(failure.status).toBe(429);
  });

  it.each([500, 502, 503])("alerts 'Server error. Please try again later.' on a %i", async (status) => {
    const { client, env } = setup({ status, data: { message: 'boom' } });
    const failure = await failureOf(client.get('/products'));
    expect(env.alert).toHaveBeenCalledWith('Server error. Please try again later.');
    expect(failure).toEqual({ success: false, status, message: 'boom', errors: [] });
  });

  it('only logs other statuses such as 400, 404 and 504', async () => {
    for (const status of [400, 404, 504]) {
      const { client, env } = setup({ status, data: { message: 'nope' } });
      const failure = await failureOf(client.get('/products/x'));
      expect(env.alert).not.toHaveBeenCalled();
      expect(env.navigate).not.toHaveBeenCalled();
      expect(env.logger.warn).toHaveBeenCalledWith(`Request /products/x failed with ${status}`, 'nope');
      expect(failure).toEqual({ success: false, status, message: 'nope', errors: [] });
    }
  });

  describe('when no response arrives', () => {
    it("alerts 'Unable to connect to server. Please check your internet connection and try again.' and rejects with NETWORK_ERROR", async () => {
      const { client, env } = setup({ noResponse: true });
      const failure = await failureOf(client.get('/products'));
      expect(env.alert).toHaveBeenCalledWith(
        'Unable to connect to server. Please check your internet connection and try again.',
      );
      expect(failure.code).toBe('NETWORK_ERROR');
    });

    it("alerts 'You appear to be offline. Please check your internet connection.' when offline", async () => {
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
    env.tokens.get = () => {
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
    expect(env.navigate).not.toHaveBeenCalled();
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

describe('the message a screen shows for a failure', () => {
  const failure = (status: number, code?: ApiFailure['code'], message = 'x'): ApiFailure => ({
    success: false,
    status,
    code,
    message,
    errors: [],
  });

  it("is the server's own text, else the screen's default", () => {
    expect(failureMessage(failure(400, undefined, 'Coupon expired'), 'Failed to apply coupon')).toBe(
      'Coupon expired',
    );
    expect(failureMessage(new Error('boom'), 'Failed to load products. Please try again later.')).toBe(
      'Failed to load products. Please try again later.',
    );
  });

  it('says what the connection is doing when no answer came', () => {
    expect(failureMessage(failure(0, 'NETWORK_ERROR'), 'Failed to load')).toBe(CLIENT_MESSAGES.unreachable);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(failureMessage(failure(0, 'NETWORK_ERROR'), 'Failed to load')).toBe(CLIENT_MESSAGES.offline);
  });
});

describe('whether the client already told the person', () => {
  const failure = (status: number, code?: ApiFailure['code']): ApiFailure => ({
    success: false,
    status,
    code,
    message: 'x',
    errors: [],
  });

  it('is true for a lost connection, a cancelled call, 429 and server errors', () => {
    expect(alreadyAnnounced(failure(0, 'NETWORK_ERROR'))).toBe(true);
    expect(alreadyAnnounced(failure(0, 'CANCELLED'))).toBe(true);
    expect(alreadyAnnounced(failure(429))).toBe(true);
    expect(alreadyAnnounced(failure(500))).toBe(true);
    expect(alreadyAnnounced(failure(503))).toBe(true);
  });

  it('is false for failures only a screen can explain', () => {
    expect(alreadyAnnounced(failure(400))).toBe(false);
    expect(alreadyAnnounced(failure(404))).toBe(false);
    expect(alreadyAnnounced(new Error('boom'))).toBe(false);
  });
});

describe("the browser's environment", () => {
  it("reads each scope's token from localStorage ('token', 'adminToken') and forgets a refused one", async () => {
    localStorage.setItem('token', 'customer-jwt');
    localStorage.setItem('adminToken', 'admin-jwt');
    const { tokens } = browserEnvironment(createClientBridge());
    expect(tokens.get('customer')).toBe('customer-jwt');
    expect(tokens.get('admin')).toBe('admin-jwt');
    tokens.clear('admin');
    expect(localStorage.getItem('adminToken')).toBeNull();
    expect(localStorage.getItem('token')).toBe('customer-jwt');
  });

  it('navigates and ends the session through whatever the router plugged into the bridge', () => {
    const bridge = createClientBridge();
    const env = browserEnvironment(bridge);
    bridge.navigate = vi.fn();
    bridge.onSessionExpired = vi.fn();
    env.navigate('/login?session=expired');
    env.onSessionExpired?.('customer');
    expect(bridge.navigate).toHaveBeenCalledWith('/login?session=expired');
    expect(bridge.onSessionExpired).toHaveBeenCalledWith('customer');
  });

  it('alerts with window.alert and asks navigator.onLine about the connection', () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const env = browserEnvironment(createClientBridge());
    env.alert(CLIENT_MESSAGES.serverError);
    expect(alert).toHaveBeenCalledWith(CLIENT_MESSAGES.serverError);
    expect(env.isOnline()).toBe(false);
  });
});
