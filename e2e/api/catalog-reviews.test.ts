import { randomUUID } from 'node:crypto';
import { EVENTS, ProductView, ReviewView } from '@shop/proto';
import { Backend, startBackend } from '../harness/backend';
import { api } from '../harness/http';
import {
  adminToken,
  customerToken,
  productPayload,
  publishEvent,
  registeredCustomer,
} from './catalog-support';

jest.setTimeout(60_000);

describe('reviews', () => {
  let backend: Backend;
  let http: ReturnType<typeof api>;
  const admin = adminToken();
  let asha: { userId: string; token: string };
  let ravi: { userId: string; token: string };
  let product: ProductView;

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

  const review = (overrides: Record<string, unknown> = {}) => ({
    productId: product._id,
    rating: 4,
    comment: 'Sturdy strap and the print is sharp.',
    pros: ['Bright print', '  '],
    cons: ['', 'Hook is small'],
    ...overrides,
  });

  beforeAll(async () => {
    backend = await startBackend({
      services: ['catalog'],
      env: { RATE_LIMIT_PER_MINUTE: '100000' },
      serviceEnv: { catalog: { USER_LOOKUP_TIMEOUT_MS: '300' } },
    });
    http = api(backend.url);
    asha = await registeredCustomer(backend.namespace, 'asha');
    ravi = await registeredCustomer(backend.namespace, 'ravi');
    product = await newProduct('Reviewed Lanyard');
  });
  afterAll(() => backend?.stop());

  describe('POST /reviews', () => {
    it("tells a visitor 'You must be logged in to submit a review', before checking any field", async () => {
      const res = await http.post('/reviews', {});
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('You must be logged in to submit a review');
    });

    it.each([
      ['a missing comment', { comment: undefined }, 'Comment is required'],
      ['a blank comment', { comment: '    ' }, 'Comment is required'],
      ['a comment of 9 characters', { comment: 'Too short' }, 'Comment must be at least 10 characters long'],
      [
        'a comment of 1001 characters',
        { comment: 'x'.repeat(1001) },
        'Comment must be at most 1000 characters long',
      ],
      ['rating 0', { rating: 0 }, 'Rating must be between 1 and 5'],
      ['rating 6', { rating: 6 }, 'Rating must be between 1 and 5'],
      ['a rating that is not a number', { rating: 'great' }, 'Rating must be between 1 and 5'],
      ['a missing rating', { rating: undefined }, 'Rating must be between 1 and 5'],
      ['a malformed product id', { productId: 'abc' }, 'Invalid product ID'],
    ])('refuses %s with %p', async (_case, overrides, message) => {
      const res = await http.post('/reviews', review(overrides), asha.token);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });

    it('answers 404 for a product that does not exist', async () => {
      const res = await postReview(asha.token, review({ productId: randomUUID() }));
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('The requested product could not be found.');
    });

    it("stores the review under the customer's username, text exactly as written and blank pros and cons stripped", async () => {
      const comment = '<b>Great</b> lanyard & "sturdy" <script>alert(1)</script>';
      const res = await postReview(asha.token, review({ comment, rating: 5 }));
      expect(res.status).toBe(201);
      expect(res.body.review).toMatchObject({
        productId: product._id,
        user: { username: 'asha' },
        rating: 5,
        comment,
        pros: ['Bright print'],
        cons: ['Hook is small'],
        helpfulCount: 0,
        votedHelpful: false,
      });
      const listed = await http.get(`/reviews/product/${product._id}`);
      expect(listed.body.reviews[0].comment).toBe(comment);
    });

    it('allows one review per customer per product', async () => {
      const res = await postReview(asha.token, review());
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('You have already reviewed this product');
    });

    it("keeps the product's rating and review count, under both names, up to date", async () => {
      expect((await postReview(ravi.token, review({ rating: 2 }))).status).toBe(201);
      const { body } = await http.get(`/products/${product._id}`);
      expect(body.product).toMatchObject({
        rating: 3.5,
        averageRating: 3.5,
        totalReviews: 2,
        reviewCount: 2,
      });
      expect(
        (await http.get('/products?minRating=3.5&limit=100')).body.products.map((p: ProductView) => p._id),
      ).toContain(product._id);
      expect(
        (await http.get('/products?minRating=4&limit=100')).body.products.map((p: ProductView) => p._id),
      ).not.toContain(product._id);
    });

    it('names the reviewer by their latest username (user.updated)', async () => {
      await publishEvent(backend.namespace, EVENTS.userUpdated, {
        userId: ravi.userId,
        username: 'ravi_k',
        email: 'ravi@example.com',
        phone: null,
        name: null,
        profilePic: null,
      });
      const other = await newProduct('Second Reviewed Lanyard');
      let res = await postReview(ravi.token, review({ productId: other._id }));
      for (let i = 0; res.body.review.user.username !== 'ravi_k' && i < 30; i++) {
        await http.delete(`/reviews/${res.body.review._id}`, admin);
        await new Promise((r) => setTimeout(r, 100));
        res = await postReview(ravi.token, review({ productId: other._id }));
      }
      expect(res.body.review.user.username).toBe('ravi_k');
    });

    it('asks the user service for a customer it has not heard of, and says so when it cannot tell', async () => {
      const res = await http.post('/reviews', review(), customerToken());
      expect(res.status).toBe(503);
      expect(res.body.message).toBe('Could not identify the reviewer. Please try again.');
    });
  });

  describe('GET /reviews/product/{productId}', () => {
    it('lists the reviews newest first, each with user.username, rating, comment, pros, cons, the helpful count and createdAt', async () => {
      const res = await http.get(`/reviews/product/${product._id}`);
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      const reviews: ReviewView[] = res.body.reviews;
      expect(reviews.map((r) => r.user.username)).toEqual(['ravi', 'asha']);
      for (const key of [
        '_id',
        'user',
        'rating',
        'comment',
        'pros',
        'cons',
        'helpfulCount',
        'votedHelpful',
        'createdAt',
      ])
        expect(reviews[0]).toHaveProperty(key);
      expect(reviews[0].user).toEqual({ username: 'ravi' });
    });

    it('answers 404 for an unknown product and 400 for a malformed id', async () => {
      expect((await http.get(`/reviews/product/${randomUUID()}`)).status).toBe(404);
      const bad = await http.get('/reviews/product/nope');
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Invalid product ID');
    });
  });

  describe('POST /reviews/{id}/helpful', () => {
    let reviewId: string;
    beforeAll(async () => {
      reviewId = (await http.get(`/reviews/product/${product._id}`)).body.reviews[1]._id;
    });

    it("tells a visitor 'You must be logged in to mark reviews as helpful'", async () => {
      const res = await http.post(`/reviews/${reviewId}/helpful`);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('You must be logged in to mark reviews as helpful');
    });

    it('toggles the customer’s vote: the review tells the count and whether the caller voted, never who', async () => {
      const on = await http.post(`/reviews/${reviewId}/helpful`, {}, ravi.token);
      expect(on.status).toBe(200);
      expect(on.body).toMatchObject({ success: true, helpful: true });
      expect(on.body.review).toMatchObject({ helpfulCount: 1, votedHelpful: true });
      await http.post(`/reviews/${reviewId}/helpful`, {}, asha.token);
      const off = await http.post(`/reviews/${reviewId}/helpful`, {}, ravi.token);
      expect(off.body.helpful).toBe(false);
      expect(off.body.review).toMatchObject({ helpfulCount: 1, votedHelpful: false });
      expect(off.body.review).not.toHaveProperty('helpful');

      const forAsha = (await http.get(`/reviews/product/${product._id}`, asha.token)).body.reviews;
      expect(forAsha.find((r: ReviewView) => r._id === reviewId)).toMatchObject({
        helpfulCount: 1,
        votedHelpful: true,
      });
      const public_ = await http.get(`/reviews/product/${product._id}`);
      expect(public_.body.reviews.find((r: ReviewView) => r._id === reviewId)).toMatchObject({
        helpfulCount: 1,
        votedHelpful: false,
      });
      expect(JSON.stringify(public_.body)).not.toContain(asha.userId);
    });

    it("answers 404 'Review not found' for an unknown review", async () => {
      const res = await http.post(`/reviews/${randomUUID()}/helpful`, {}, asha.token);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Review not found');
    });
  });

  describe('staff reviews', () => {
    it('POST /reviews/admin stores a review under the reviewer name and e-mail, never the password, and counts it', async () => {
      const target = await newProduct('Staff Reviewed Mug');
      const res = await http.post(
        '/reviews/admin',
        {
          productId: target._id,
          reviewerName: 'Meera',
          reviewerEmail: 'Meera@Example.com',
          reviewerPassword: 'Secret@123',
          rating: 4,
          comment: 'Lovely gift for the team.',
        },
        admin,
      );
      expect(res.status).toBe(201);
      expect(res.body.review).toMatchObject({
        user: { username: 'Meera' },
        rating: 4,
        comment: 'Lovely gift for the team.',
      });
      expect(JSON.stringify(res.body)).not.toContain('Secret@123');
      expect((await http.get(`/products/${target._id}`)).body.product).toMatchObject({
        rating: 4,
        reviewCount: 1,
      });
    });

    it('names a staff review by the e-mail when no reviewer name is given', async () => {
      const target = await newProduct('Staff Reviewed Pen');
      const res = await http.post(
        '/reviews/admin',
        {
          productId: target._id,
          reviewerEmail: 'kiran@example.com',
          reviewerPassword: 'x',
          rating: 5,
          comment: 'Writes smoothly every time.',
        },
        admin,
      );
      expect(res.body.review.user.username).toBe('kiran');
    });

    it.each([
      [{ reviewerEmail: 'not-an-email' }, 'Please enter a valid reviewer email'],
      [{ rating: 0 }, 'Rating must be between 1 and 5'],
      [{ comment: 'short' }, 'Comment must be at least 10 characters long'],
    ])('refuses %p with %p', async (overrides, message) => {
      const body = {
        productId: product._id,
        reviewerName: 'Meera',
        reviewerEmail: 'meera@example.com',
        reviewerPassword: 'x',
        rating: 4,
        comment: 'Lovely gift for the team.',
        ...overrides,
      };
      const res = await http.post('/reviews/admin', body, admin);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });

    it('DELETE /reviews/{id} removes a review and the rating follows', async () => {
      const reviews: ReviewView[] = (await http.get(`/reviews/product/${product._id}`)).body.reviews;
      const low = reviews.find((r) => r.rating === 2)!;
      const res = await http.delete(`/reviews/${low._id}`, admin);
      expect(res.status).toBe(200);
      expect((await http.get(`/products/${product._id}`)).body.product).toMatchObject({
        rating: 5,
        reviewCount: 1,
        totalReviews: 1,
      });
      const again = await http.delete(`/reviews/${low._id}`, admin);
      expect(again.status).toBe(404);
      expect(again.body.message).toBe('Review not found');
    });
  });
});
