import { failureOf, stubbedClient, type StubReply } from '@shop/web-kit/test/requestStub';
import { createApiClient } from './client';

// What every client does (tokens, 403, 429, server errors, no answer) is tested with the kit.
const setup = (reply?: StubReply) => stubbedClient(createApiClient, reply);

describe('the admin request client', () => {
  it('sends every call under /api, without cookies', async () => {
    const { client, seen } = setup();
    await client.get('/admin2009/products');
    expect(seen[0].baseURL).toBe('/api');
    expect(seen[0].withCredentials).toBe(false);
    expect(seen[0].headers.get('Authorization')).toBe('Bearer admin-jwt');
  });

  it('ends the admin session on a 401 and goes to /admin2009/login?session=expired', async () => {
    const { client, env, tokens } = setup({ status: 401, data: { message: 'Invalid or expired token' } });
    const failure = await failureOf(client.get('/admin2009/profile'));
    expect(tokens.has('admin')).toBe(false);
    expect(env.onSessionExpired).toHaveBeenCalledWith('admin');
    expect(env.navigate).toHaveBeenCalledWith('/admin2009/login?session=expired');
    expect(failure).toEqual({ success: false, status: 401, message: 'Invalid or expired token', errors: [] });
  });

  it('treats a refused admin sign-in as wrong credentials and keeps the form in charge', async () => {
    const { client, env, tokens } = setup({ status: 401, data: { message: 'Invalid email or password' } });
    const failure = await failureOf(client.post('/admin2009/login', { email: 'a@b.c', password: 'x' }));
    expect(env.navigate).not.toHaveBeenCalled();
    expect(tokens.get('admin')).toBe('admin-jwt');
    expect(failure.message).toBe('Invalid email or password');
  });

  it('takes a refused sign-out as a session already ended, leaving the sign-out to the caller', async () => {
    const { client, env, tokens } = setup({ status: 401, data: {} });
    await failureOf(client.post('/admin2009/logout'));
    expect(env.navigate).not.toHaveBeenCalled();
    expect(env.onSessionExpired).not.toHaveBeenCalled();
    expect(tokens.get('admin')).toBe('admin-jwt');
  });

  it('ends the session when signing out of all devices is refused, as for any other call', async () => {
    const { client, env, tokens } = setup({ status: 401, data: {} });
    await failureOf(client.post('/admin2009/logout/all'));
    expect(tokens.has('admin')).toBe(false);
    expect(env.navigate).toHaveBeenCalledWith('/admin2009/login?session=expired');
  });
});
