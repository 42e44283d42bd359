import { GUEST_CART_COOKIE, ProductView } from '@shop/proto';
import { adminLogin, artworkLink, createProduct, Http, newCustomer, startCartBackend, uploadCustomization } from './cart-support';
import { pngBytes, uploadImages } from './catalog-support';
import { checkoutBody } from './order-fixtures';
import type { Backend } from '../harness/backend';

jest.setTimeout(90_000);

/** The stored file a link opens (`<fileId>.<ext>`), and the public path it had before issue 23. */
const fileOf = (link: string) => new URL(link, 'http://shop.test').pathname.split('/').pop()!;
const oldPublicPath = (link: string) => `/uploads/customizations/${fileOf(link)}`;

/**
 * Customers' artwork is private: the gateway shows it through short-lived signed links it makes when
 * it relays a cart or an order to whom the services answered it (the owner, staff), or to the visitor
 * whose guest cart cookie holds it; old public links and anyone else get 404. Product pictures stay
 * public and cacheable.
 */
describe('private artwork', () => {
  let backend: Backend;
  let http: Http;
  let admin: string;
  let mug: ProductView;
  let bytes: Buffer;

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${backend.url}${path}`, { headers });

  const expectServed = async (link: string) => {
    const res = await get(link);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(res.headers.get('cache-control') ?? '')?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(2 * 3600);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  };

  const expectNotServed = async (path: string, headers: Record<string, string> = {}) => {
    const res = await get(path, headers);
    expect(res.status).toBe(404);
    expect(Buffer.from(await res.arrayBuffer()).includes(bytes.subarray(0, 16))).toBe(false);
  };

  beforeAll(async () => {
    ({ backend, http } = await startCartBackend(['user', 'catalog', 'cart', 'order']));
    admin = await adminLogin(http);
    mug = await createProduct(http, backend, admin, { name: 'Photo Mug', price: 349, stock: 50, allowsImageUpload: true });
    bytes = await pngBytes(90, 60);
  });
  afterAll(() => backend?.stop());

  it("shows a customer's upload through a signed link, and not at its old public path or with the link altered", async () => {
    const customer = newCustomer();
    const uploaded = await uploadCustomization(backend.url, customer.token, { name: 'logo.png', type: 'image/png', bytes });
    expect(uploaded.status).toBe(201);
    const link: string = uploaded.body.url;
    expect(link).toEqual(artworkLink(uploaded.body.fileId));
    await expectServed(link);

    await expectNotServed(oldPublicPath(link));
    await expectNotServed(link.split('?')[0]);
    await expectNotServed(link.replace(/signature=.{4}/, 'signature=AAAA'));
    await expectNotServed(link.replace(/expires=\d+/, (e) => `expires=${Number(e.slice(8)) + 3600}`));
    await expectNotServed(link.replace(fileOf(link), fileOf(link).replace(/.png$/, '.jpg')));
  });

  it('carries signed links to the same file in the cart, the order the customer sees, and the order staff see', async () => {
    const customer = newCustomer();
    const uploaded = await uploadCustomization(backend.url, customer.token, { name: 'team.png', type: 'image/png', bytes });
    const { fileId, size } = uploaded.body;
    const customization = { uploadedFiles: [{ fileId, name: 'team.png', size, type: 'image/png' }] };

    const cart = await http.post('/cart', { productId: mug._id, quantity: 1, customization }, customer.token);
    expect(cart.status).toBe(200);
    const inCart = cart.body.cart.items[0].customization.uploadedFiles[0].url;
    expect(inCart).toEqual(artworkLink(fileId));
    await expectServed(inCart);

    const placed = await http.post(
      '/orders',
      checkoutBody([{ product: mug._id, quantity: 1, customization: cart.body.cart.items[0].customization }]),
      customer.token,
    );
    expect(placed.status).toBe(201);
    const orderId = placed.body.order._id;
    const links = [
      placed.body.order.products[0].customization.uploadedFiles[0].url,
      (await http.get(`/orders/${orderId}`, customer.token)).body.order.products[0].customization.uploadedFiles[0].url,
      (await http.get('/orders/me', customer.token)).body.orders[0].products[0].customization.uploadedFiles[0].url,
      (await http.get(`/admin2009/orders/${orderId}`, admin)).body.order.products[0].customization.uploadedFiles[0].url,
      (await http.get('/admin2009/orders', admin)).body.orders.find((o: { _id: string }) => o._id === orderId).products[0]
        .customization.uploadedFiles[0].url,
    ];
    for (const link of links) {
      expect(link).toEqual(artworkLink(fileId));
      await expectServed(link);
    }
    await expectNotServed(oldPublicPath(inCart));
  });

  it('shows a visitor their own upload by their guest cart cookie, and nobody else', async () => {
    const uploaded = await uploadCustomization(backend.url, undefined, { name: 'guest.png', type: 'image/png', bytes });
    expect(uploaded.status).toBe(201);
    const cookie = uploaded.setCookies.find((c) => c.startsWith(`${GUEST_CART_COOKIE}=`))!.split(';')[0];
    const unsigned = `/api/cart/uploads/${fileOf(uploaded.body.url)}`;

    const own = await get(unsigned, { cookie });
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('private, no-cache');
    expect(Buffer.from(await own.arrayBuffer()).equals(bytes)).toBe(true);

    const other = await uploadCustomization(backend.url, undefined, { name: 'other.png', type: 'image/png', bytes: await pngBytes() });
    const otherCookie = other.setCookies.find((c) => c.startsWith(`${GUEST_CART_COOKIE}=`))!.split(';')[0];
    await expectNotServed(unsigned, { cookie: otherCookie });
    await expectNotServed(unsigned);
    await expectNotServed(unsigned, { authorization: `Bearer ${newCustomer().token}` });
  });

  it('never signs a text that only looks like an artwork link', async () => {
    const owner = newCustomer();
    const uploaded = await uploadCustomization(backend.url, owner.token, { name: 'secret.png', type: 'image/png', bytes });
    const stored = oldPublicPath(uploaded.body.url);
    const snooper = newCustomer();
    const res = await http.post('/cart', { productId: mug._id, quantity: 1, customization: { comments: stored } }, snooper.token);
    expect(res.status).toBe(200);
    expect(res.body.cart.items[0].customization).toEqual({ comments: stored });
    expect(JSON.stringify(res.body)).not.toContain('signature=');
  });

  it('keeps product pictures public and cacheable', async () => {
    const images = await uploadImages(backend.url, admin, [{ name: 'mug.png', type: 'image/png', bytes: await pngBytes() }]);
    expect(images.status).toBe(200);
    const [picture] = images.body.urls as string[];
    expect(picture).toMatch(/^\/uploads\/products\//);
    const res = await get(picture);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});
