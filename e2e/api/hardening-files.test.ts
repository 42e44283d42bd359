import { createHmac, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServiceName } from '@shop/proto';
import { SANDBOX_KEYS } from '../../services/payment/src/config/payment-config';
import { Backend, startBackend } from '../harness/backend';
import { api } from '../harness/http';
import { verifyEmail } from '../harness/verification';
import { newCustomer, uploadCustomization } from './cart-support';
import { adminToken, pngBytes } from './catalog-support';
import { checkoutBody, createProduct, Http } from './order-fixtures';
import { createPaymentOrder, sandboxPay } from './payment-fixtures';

jest.setTimeout(120_000);

/**
 * The services these requests reach, as two small backends (one for the shop's files, reviews and
 * wishlist, one for payments), which start faster on a busy machine than one with everything.
 */
const SHOP: ServiceName[] = ['user', 'catalog', 'cart', 'order'];
const PAYMENTS: ServiceName[] = ['user', 'catalog', 'order', 'payment'];

/** Every request issue 12 saw must be answered, and well within 2 s. */
async function within2s<T>(request: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const answer = await request();
  expect(Date.now() - started).toBeLessThan(2000);
  return answer;
}

const FORGED = 'https://evil.example/invoice.png';

/** `/api/health` of a backend that runs `services`: each of them up, answered within 2 s. */
async function expectHealthy(http: Http, services: ServiceName[]): Promise<void> {
  const res = await within2s(() => http.get('/health'));
  for (const service of services) expect(res.body.services[service].status).toBe('up');
}

/**
 * Issue 12, "Seen" 9 and 10 (files, reviews, payments, wishlist): file links come only from the
 * server, voters stay private, an unknown payment is the shopper's 400, and a wishlist holds only
 * products the shop has. The whole shop runs, and stays healthy.
 */
describe('hardening: uploaded files by id, private voters, unknown payments and products', () => {
  let backend: Backend;
  let http: Http;
  const admin = adminToken();
  let product: string;
  let seq = 0;

  const register = async () => {
    seq += 1;
    const username = `hardening_${Date.now().toString(36)}_${seq}`;
    const email = `${username}@example.com`;
    const res = await http.post('/auth/register', { username, email, password: 'Secret@123' });
    expect(res.status).toBe(201);
    // Checkout takes verified addresses only (the shop's default).
    await verifyEmail(http, backend, email);
    return { userId: res.body.user._id as string, token: res.body.token as string };
  };

  const upload = async (token: string) => {
    const res = await uploadCustomization(backend.url, token, {
      name: 'our logo.png',
      type: 'image/png',
      bytes: await pngBytes(),
    });
    expect(res.status).toBe(201);
    const { name, size, type, url, fileId } = res.body;
    return { name, size, type, url, fileId } as {
      name: string;
      size: number;
      type: string;
      url: string;
      fileId: string;
    };
  };

  /** The cart holds a product once its product.upserted reached the cart's projection. */
  const addToCart = async (token: string, customization: unknown) => {
    let res = await http.post('/cart', { productId: product, quantity: 1, customization }, token);
    for (let attempt = 0; res.status === 404 && attempt < 50; attempt++) {
      await new Promise((r) => setTimeout(r, 100));
      res = await http.post('/cart', { productId: product, quantity: 1, customization }, token);
    }
    return res;
  };

  beforeAll(async () => {
    backend = await startBackend({
      services: SHOP,
      env: {
        RATE_LIMIT_PER_MINUTE: '100000',
        AUTH_RATE_LIMIT_PER_MINUTE: '100000',
        UPLOADS_DIR: mkdtempSync(join(tmpdir(), 'hardening-uploads-')),
      },
    });
    http = api(backend.url);
    product = await createProduct(http, admin, { name: 'Printed Mug', price: 350, stock: 500 });
  });
  afterAll(() => backend?.stop());

  describe('a file on a cart line or an order line is the server’s record of an upload', () => {
    let owner: { userId: string; token: string };
    let other: { userId: string; token: string };
    let stored: Awaited<ReturnType<typeof upload>>;

    beforeAll(async () => {
      [owner, other] = [await register(), await register()];
      stored = await upload(owner.token);
    });

    it('drops a link a cart line sends without a fileId, an outside one or another customer’s upload path', async () => {
      const res = await within2s(() =>
        addToCart(other.token, {
          comments: 'forged links',
          uploadedFiles: [
            { name: 'invoice.png', size: 100, type: 'image/png', url: FORGED },
            { name: 'theirs.png', size: stored.size, type: 'image/png', url: stored.url },
          ],
        }),
      );
      expect(res.status).toBe(200);
      expect(res.body.cart.items[0].customization).toEqual({
        comments: 'forged links',
        uploadedFiles: [{ name: 'invoice.png' }, { name: 'theirs.png' }],
      });
      expect(JSON.stringify(res.body)).not.toContain('evil.example');
      expect(JSON.stringify(res.body)).not.toContain(stored.fileId);
    });

    it('writes the link of an own upload itself, whatever url the line claims', async () => {
      const res = await within2s(() =>
        addToCart(owner.token, { uploadedFiles: [{ ...stored, url: FORGED, name: 'renamed.png' }] }),
      );
      expect(res.status).toBe(200);
      expect(res.body.cart.items[0].customization.uploadedFiles).toEqual([stored]);
    });

    it("refuses another customer's fileId on a cart line, an order and a quote with 400 'Uploaded file not found'", async () => {
      const theirs = { uploadedFiles: [{ ...stored, url: undefined }] };
      const cart = await within2s(() => addToCart(other.token, theirs));
      const order = await within2s(() =>
        http.post('/orders', checkoutBody([{ product, quantity: 1, customization: theirs }]), other.token),
      );
      const quote = await within2s(() =>
        http.post(
          '/orders/quote',
          { products: [{ product, quantity: 1, customization: theirs }] },
          other.token,
        ),
      );
      const unknown = await within2s(() =>
        http.post(
          '/orders',
          checkoutBody([
            { product, quantity: 1, customization: { uploadedFiles: [{ ...stored, fileId: randomUUID() }] } },
          ]),
          owner.token,
        ),
      );
      for (const res of [cart, order, quote, unknown]) {
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ success: false, status: 400, message: 'Uploaded file not found' });
      }
    });

    it('stores an order with forged links as names only, and shows staff only the links it made', async () => {
      const customization = {
        comments: 'Print the logo',
        uploadedFiles: [
          { name: 'invoice.png', size: 100, type: 'image/png', url: FORGED },
          { ...stored, url: FORGED },
        ],
      };
      const quote = await within2s(() =>
        http.post('/orders/quote', { products: [{ product, quantity: 2, customization }] }, owner.token),
      );
      expect(quote.status).toBe(200);
      const placed = await within2s(() =>
        http.post('/orders', checkoutBody([{ product, quantity: 2, customization }]), owner.token),
      );
      expect(placed.status).toBe(201);

      const resolved = {
        comments: 'Print the logo',
        uploadedFiles: [{ name: 'invoice.png' }, stored],
      };
      expect(quote.body.quote.products[0].customization).toEqual(resolved);
      expect(placed.body.order.products[0].customization).toEqual(resolved);
      const staff = await http.get(`/admin2009/orders/${placed.body.order._id}`, admin);
      expect(staff.body.order.products[0].customization).toEqual(resolved);
      expect(JSON.stringify(staff.body)).not.toContain('evil.example');
    });

    it("keeps a guest line's file, and one naming another customer's upload, as its name only when the cart is merged", async () => {
      const res = await within2s(() =>
        http.post(
          '/cart/merge',
          {
            items: [
              {
                productId: product,
                quantity: 1,
                customization: {
                  size: 'guest',
                  uploadedFiles: [
                    { name: 'guest.png', size: 10, type: 'image/png', url: FORGED },
                    { ...stored, name: 'borrowed.png' },
                  ],
                },
              },
            ],
          },
          other.token,
        ),
      );
      expect(res.status).toBe(200);
      const merged = res.body.cart.items.find(
        (i: { customization: { size?: string } }) => i.customization.size === 'guest',
      );
      expect(merged.customization.uploadedFiles).toEqual([{ name: 'guest.png' }, { name: 'borrowed.png' }]);
    });
  });

  it('publishes how many found a review helpful and whether the caller did, never who voted', async () => {
    const created = await http.post(
      '/reviews/admin',
      {
        productId: product,
        reviewerName: 'Meera',
        reviewerEmail: 'meera@example.com',
        rating: 5,
        comment: 'The print came out crisp and bright.',
      },
      admin,
    );
    expect(created.status).toBe(201);
    const reviewId = created.body.review._id;
    const [asha, ravi] = [await register(), await register()];
    const voted = await within2s(() => http.post(`/reviews/${reviewId}/helpful`, {}, asha.token));
    expect(voted.body.review).toMatchObject({ helpfulCount: 1, votedHelpful: true });
    await http.post(`/reviews/${reviewId}/helpful`, {}, ravi.token);

    const publicList = await within2s(() => http.get(`/reviews/product/${product}`));
    const forAsha = await within2s(() => http.get(`/reviews/product/${product}`, asha.token));
    const listed = (res: typeof publicList) =>
      res.body.reviews.find((r: { _id: string }) => r._id === reviewId);
    expect(listed(publicList)).toMatchObject({ helpfulCount: 2, votedHelpful: false });
    expect(listed(forAsha)).toMatchObject({ helpfulCount: 2, votedHelpful: true });
    for (const body of [publicList.body, forAsha.body, voted.body]) {
      expect(JSON.stringify(body)).not.toContain(asha.userId);
      expect(JSON.stringify(body)).not.toContain(ravi.userId);
    }
  });

  describe('POST /payments/verify', () => {
    let payments: Backend;
    let pay: Http;
    let mug: string;

    beforeAll(async () => {
      payments = await startBackend({ services: PAYMENTS });
      pay = api(payments.url);
      mug = await createProduct(pay, admin, { name: 'Paid Mug', price: 350, stock: 500 });
    });
    afterAll(() => payments?.stop());

    it("answers a correctly signed but unknown payment id with 400 'Payment verification failed'", async () => {
      const shopper = newCustomer();
      const placed = await pay.post('/orders', checkoutBody([{ product: mug, quantity: 1 }]), shopper.token);
      expect(placed.status).toBe(201);
      const orderId = placed.body.order._id;
      const providerOrder = await createPaymentOrder(pay, orderId, shopper.token);
      const paymentId = 'pay_Unknown0000001';
      const res = await within2s(() =>
        pay.post(
          '/payments/verify',
          {
            orderId,
            razorpay_order_id: providerOrder.id,
            razorpay_payment_id: paymentId,
            razorpay_signature: createHmac('sha256', SANDBOX_KEYS.keySecret)
              .update(`${providerOrder.id}|${paymentId}`)
              .digest('hex'),
          },
          shopper.token,
        ),
      );
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, status: 400, message: 'Payment verification failed' });
      await expectHealthy(pay, PAYMENTS);
    });

    it('answers a retried verify of the payment that paid the order with success', async () => {
      const shopper = newCustomer();
      const placed = await pay.post('/orders', checkoutBody([{ product: mug, quantity: 1 }]), shopper.token);
      const orderId = placed.body.order._id;
      const providerOrder = await createPaymentOrder(pay, orderId, shopper.token);
      const paid = await sandboxPay(pay, providerOrder.id);
      const first = await pay.post('/payments/verify', { ...paid, orderId }, shopper.token);
      expect(first.status).toBe(200);
      const again = await within2s(() => pay.post('/payments/verify', { ...paid, orderId }, shopper.token));
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ success: true, orderId, paymentId: paid.razorpay_payment_id });
      await expectHealthy(pay, PAYMENTS);
    });
  });

  it("answers 404 'The requested product could not be found.' when wishlisting a product the shop does not have", async () => {
    const shopper = await register();
    const res = await within2s(() => http.put('/auth/wishlist', { productId: randomUUID() }, shopper.token));
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({
      success: false,
      status: 404,
      message: 'The requested product could not be found.',
    });
    expect((await http.get('/auth/wishlist', shopper.token)).body.wishlist).toEqual([]);
    const real = await http.put('/auth/wishlist', { productId: product }, shopper.token);
    expect(real.body).toMatchObject({ success: true, added: true });
  });

  it('leaves every service it reached healthy afterwards', () => expectHealthy(http, SHOP));
});
