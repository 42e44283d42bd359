import { failureOf, stubbedClient } from '@shop/web-kit/test/requestStub';
import { createStorefrontClient } from './client';

// What the storefront adds to the kit's request client (tested in web-store/kit): cookies for the
// guest cart, and the refusals its screens explain themselves.
describe("the storefront's request client", () => {
  it("sends calls under the page's /api with cookies, so a guest cart follows the shopper", async () => {
    const { client, seen } = stubbedClient(createStorefrontClient);
    await client.get('/cart');
    expect(seen[0].baseURL).toBe('/api');
    expect(seen[0].withCredentials).toBe(true);
  });

  it('does not sign the shopper out when a cart call answers 401', async () => {
    const { client, env, tokens } = stubbedClient(createStorefrontClient, {
      status: 401,
      data: { message: 'Expired' },
    });
    const failure = await failureOf(client.post('/cart/items', { productId: 'p1' }));
    expect(failure.status).toBe(401);
    expect(tokens.get('customer')).toBe('customer-jwt');
    expect(env.navigate).not.toHaveBeenCalled();
    expect(env.onSessionExpired).not.toHaveBeenCalled();
  });

  it('leaves a 401 at sign-out alone: the session had already ended', async () => {
    const { client, env, tokens } = stubbedClient(createStorefrontClient, { status: 401 });
    await failureOf(client.post('/auth/logout'));
    expect(tokens.get('customer')).toBe('customer-jwt');
    expect(env.navigate).not.toHaveBeenCalled();
  });

  it.each([
    ['/auth/login', 401, 'Invalid email or password'],
    ['/auth/register', 401, 'Invalid email or password'],
    ['/auth/login', 403, 'Your account has been deactivated'],
  ])(
    "leaves a refused sign-in (%s, %i) to the form, with the server's message",
    async (url, status, message) => {
      const { client, env, tokens } = stubbedClient(createStorefrontClient, { status, data: { message } });
      const failure = await failureOf(client.post(url, {}));
      expect(failure).toMatchObject({ status, message });
      expect(tokens.get('customer')).toBe('customer-jwt');
      expect(env.navigate).not.toHaveBeenCalled();
      expect(env.alert).not.toHaveBeenCalled();
    },
  );

  it('still signs the shopper out on a 401 anywhere else', async () => {
    const { client, env, tokens } = stubbedClient(createStorefrontClient, { status: 401 });
    await failureOf(client.get('/orders'));
    expect(tokens.get('customer')).toBeUndefined();
    expect(env.navigate).toHaveBeenCalledWith('/login?session=expired');
  });

  it('still goes to /403 when a cart call is forbidden', async () => {
    const { client, env } = stubbedClient(createStorefrontClient, { status: 403 });
    await failureOf(client.get('/cart'));
    expect(env.navigate).toHaveBeenCalledWith('/403');
  });
});
