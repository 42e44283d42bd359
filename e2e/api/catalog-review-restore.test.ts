import { randomUUID } from 'node:crypto';
import { databaseUrl } from '@shop/kit';
import { CATALOG_MESSAGES, ProductView, ReviewView } from '@shop/proto';
import { Client } from 'pg';
import { Backend, startBackend } from '../harness/backend';
import { api } from '../harness/http';
import { adminToken, productPayload, registeredCustomer } from './catalog-support';

jest.setTimeout(60_000);

/**
 * The back office's Undo of a deleted review: the review is kept when staff delete it, and
 * `POST /api/reviews/{id}/restore` puts it back as it was (author, rating, text, pros, cons, helpful
 * votes, date) with the rating following, or says why it cannot.
 */
describe('restoring a deleted review', () => {
  let backend: Backend;
  let http: ReturnType<typeof api>;
  let db: Client;
  const admin = adminToken();
  let asha: { userId: string; token: string };
  let ravi: { userId: string; token: string };
  let meera: { userId: string; token: string };

  const newProduct = async (name: string) =>
    (await http.post('/admin2009/products', productPayload({ name }), admin)).body.product as ProductView;

  /** The catalog learns customers from user.registered; until that event lands it cannot name the reviewer. */
  const postReview = async (token: string, body: Record<string, unknown>) => {
    for (let attempt = 0; ; attempt++) {
      const res = await http.post('/reviews', body, token);
      if (res.status !== 503 || attempt > 50) return res;
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  const reviewsOf = async (product: ProductView, token?: string): Promise<ReviewView[]> =>
    (await http.get(`/reviews/product/${product._id}`, token)).body.reviews;
  const ratingOf = async (product: ProductView) => {
    const { rating, reviewCount } = (await http.get(`/products/${product._id}`)).body.product;
    return { rating, reviewCount };
  };

  /** A product with Asha's review, which Ravi and Meera found helpful, and Ravi's own. */
  const reviewedProduct = async (name: string) => {
    const product = await newProduct(name);
    const written = await postReview(asha.token, {
      productId: product._id,
      rating: 2,
      comment: 'The strap frayed within a week of use.',
      pros: ['Bright colours'],
      cons: ['Frays', 'Short'],
    });
    expect(written.status).toBe(201);
    expect((await postReview(ravi.token, { productId: product._id, rating: 5, comment: 'Perfect for our annual event.' })).status).toBe(201);
    const review: ReviewView = written.body.review;
    await http.post(`/reviews/${review._id}/helpful`, {}, ravi.token);
    await http.post(`/reviews/${review._id}/helpful`, {}, meera.token);
    return { product, review: (await reviewsOf(product)).find((r) => r._id === review._id)! };
  };

  beforeAll(async () => {
    backend = await startBackend({ services: ['catalog'] });
    http = api(backend.url);
    db = new Client({ connectionString: databaseUrl(backend.env.DATABASE_URL, backend.databases.catalog) });
    await db.connect();
    [asha, ravi, meera] = await Promise.all(['asha', 'ravi', 'meera'].map((name) => registeredCustomer(backend.namespace, name)));
  });
  afterAll(async () => {
    await db?.end();
    await backend?.stop();
  });

  it('brings the review back as it was, helpful votes and date included, and the rating follows', async () => {
    const { product, review } = await reviewedProduct('Event Lanyard');
    expect(review).toMatchObject({ user: { username: 'asha' }, pros: ['Bright colours'], cons: ['Frays', 'Short'], helpfulCount: 2 });
    expect(await ratingOf(product)).toEqual({ rating: 3.5, reviewCount: 2 });

    expect((await http.delete(`/reviews/${review._id}`, admin)).status).toBe(200);
    expect((await reviewsOf(product)).map((r) => r._id)).not.toContain(review._id);
    expect(await ratingOf(product)).toEqual({ rating: 5, reviewCount: 1 });
    expect((await http.post(`/reviews/${review._id}/helpful`, {}, asha.token)).status).toBe(404);

    const res = await http.post(`/reviews/${review._id}/restore`, {}, admin);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, review: { ...review, votedHelpful: false } });
    expect((await reviewsOf(product, ravi.token)).find((r) => r._id === review._id)).toEqual({ ...review, votedHelpful: true });
    expect(await ratingOf(product)).toEqual({ rating: 3.5, reviewCount: 2 });
  });

  it('answers a review that is there already as it is', async () => {
    const { review } = await reviewedProduct('Office Lanyard');
    const res = await http.post(`/reviews/${review._id}/restore`, {}, admin);
    expect(res.status).toBe(200);
    expect(res.body.review).toEqual({ ...review, votedHelpful: false });
  });

  it('lets a customer whose review was deleted write a new one, and then refuses to bring the old one back', async () => {
    const { product, review } = await reviewedProduct('Conference Lanyard');
    await http.delete(`/reviews/${review._id}`, admin);
    const rewritten = await postReview(asha.token, { productId: product._id, rating: 4, comment: 'The replacement strap holds up well.' });
    expect(rewritten.status).toBe(201);

    const res = await http.post(`/reviews/${review._id}/restore`, {}, admin);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, message: CATALOG_MESSAGES.reviewRestoreReplaced });
    expect((await reviewsOf(product)).map((r) => r.comment)).toEqual(
      expect.arrayContaining(['The replacement strap holds up well.', 'Perfect for our annual event.']),
    );
    expect((await reviewsOf(product)).map((r) => r._id)).not.toContain(review._id);
  });

  it('refuses once the product is gone, or once the review was deleted more than a day ago', async () => {
    const gone = await reviewedProduct('Retired Lanyard');
    await http.delete(`/reviews/${gone.review._id}`, admin);
    expect((await http.delete(`/admin2009/products/${gone.product._id}`, admin)).status).toBe(200);
    const res = await http.post(`/reviews/${gone.review._id}/restore`, {}, admin);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(CATALOG_MESSAGES.productNotFound);

    const old = await reviewedProduct('Vintage Lanyard');
    await http.delete(`/reviews/${old.review._id}`, admin);
    await db.query(`UPDATE reviews SET deleted_at = now() - interval '25 hours' WHERE id = $1`, [old.review._id]);
    const late = await http.post(`/reviews/${old.review._id}/restore`, {}, admin);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(CATALOG_MESSAGES.reviewRestoreTooLate);
  });

  it("answers 404 'Review not found' for an unknown or malformed id, and only staff may restore", async () => {
    for (const id of [randomUUID(), 'not-a-review']) {
      const res = await http.post(`/reviews/${id}/restore`, {}, admin);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(CATALOG_MESSAGES.reviewNotFound);
    }
    const { review } = await reviewedProduct('Staff Lanyard');
    await http.delete(`/reviews/${review._id}`, admin);
    expect((await http.post(`/reviews/${review._id}/restore`, {}, asha.token)).status).toBe(401);
    expect((await http.post(`/reviews/${review._id}/restore`, {})).status).toBe(401);
  });
});
