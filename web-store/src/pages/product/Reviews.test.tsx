import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReviewView } from '@shop/proto';
import { makeProduct, makeReview, makeUser, publicSettings, signedIn } from '../../test/fixtures';
import { mockApi, type Handler } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

const product = makeProduct(1, { name: 'Brass Pen' });
const emptyCart = {
  data: { cart: { items: [], subtotal: 0, itemCount: 0, bulkOrder: false, shipping: 0, total: 0 } },
};

function reviewsApi(reviews: ReviewView[] | Handler, extra: Record<string, Handler> = {}) {
  return mockApi({
    [`GET /products/${product._id}`]: () => ({ data: { success: true, product } }),
    [`GET /products/${product._id}/similar`]: () => ({ data: { products: [] } }),
    [`GET /reviews/product/${product._id}`]:
      typeof reviews === 'function' ? reviews : () => ({ data: { success: true, reviews } }),
    'GET /cart': () => emptyCart,
    ...publicSettings(),
    ...extra,
  });
}

const reviewsRegion = () => screen.findByRole('region', { name: 'Customer reviews' });
const form = () => screen.getByRole('form', { name: 'Write a review' });

async function fillReview(u: ReturnType<typeof userEvent.setup>, rating: number | null, comment: string) {
  if (rating)
    await u.click(within(form()).getByRole('radio', { name: `${rating} star${rating > 1 ? 's' : ''}` }));
  if (comment) await u.type(within(form()).getByLabelText('Your review'), comment);
}

describe('product reviews', () => {
  it('lists reviews with their pros, cons and helpful votes', async () => {
    reviewsApi([
      makeReview(1, { pros: ['Smooth ink'], cons: ['Heavy'], helpfulCount: 2, rating: 5 }),
      makeReview(2),
    ]);
    renderApp(`/product/${product._id}`);
    await reviewsRegion();
    const first = await screen.findByRole('article', { name: 'Review by reviewer1' });
    expect(within(first).getByText('Review number 1 is here.')).toBeInTheDocument();
    expect(within(first).getByText('Rated 5 out of 5')).toBeInTheDocument();
    expect(
      within(within(first).getByRole('heading', { name: 'Pros' }).parentElement!).getByText('Smooth ink'),
    ).toBeInTheDocument();
    expect(
      within(within(first).getByRole('heading', { name: 'Cons' }).parentElement!).getByText('Heavy'),
    ).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Helpful (2)' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Review by reviewer2' })).toBeInTheDocument();
  });

  it('shows review text as text, never as HTML', async () => {
    const comment = '<img src=x onerror="alert(1)"> <b>bold</b> claim';
    reviewsApi([makeReview(1, { comment })]);
    renderApp(`/product/${product._id}`);
    const review = await screen.findByRole('article', { name: 'Review by reviewer1' });
    expect(within(review).getByText(comment)).toBeInTheDocument();
    expect(review.querySelector('img[src="x"]')).toBeNull();
    expect(review.querySelector('b')).toBeNull();
  });

  it("says 'Failed to load reviews' with Try again", async () => {
    let fail = true;
    reviewsApi(() => (fail ? { status: 404, data: {} } : { data: { reviews: [makeReview(1)] } }));
    renderApp(`/product/${product._id}`);
    const region = await reviewsRegion();
    expect(await within(region).findByText('Failed to load reviews')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(within(region).getByRole('button', { name: 'Try again' }));
    expect(await within(region).findByRole('article', { name: 'Review by reviewer1' })).toBeInTheDocument();
  });

  it("tells a visitor 'You must be logged in to submit a review' before checking the fields", async () => {
    const api = reviewsApi([]);
    renderApp(`/product/${product._id}`);
    await reviewsRegion();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(within(form()).getByRole('alert')).toHaveTextContent('You must be logged in to submit a review');
    expect(api.calls('POST /reviews')).toHaveLength(0);
  });

  describe("a customer's review", () => {
    it("needs a rating: 'Rating must be between 1 and 5'", async () => {
      const api = reviewsApi([], signedIn());
      renderApp(`/product/${product._id}`);
      await reviewsRegion();
      const u = userEvent.setup();
      await fillReview(u, null, 'Writes beautifully every day.');
      await u.click(screen.getByRole('button', { name: 'Submit Review' }));
      expect(await within(form()).findByText('Rating must be between 1 and 5')).toBeInTheDocument();
      expect(api.calls('POST /reviews')).toHaveLength(0);
    });

    it("needs a comment: 'Comment is required'", async () => {
      reviewsApi([], signedIn());
      renderApp(`/product/${product._id}`);
      await reviewsRegion();
      const u = userEvent.setup();
      await fillReview(u, 4, '   ');
      await u.click(screen.getByRole('button', { name: 'Submit Review' }));
      expect(await within(form()).findByText('Comment is required')).toBeInTheDocument();
    });

    it("rejects a comment shorter than 10 characters with 'Comment must be at least 10 characters long'", async () => {
      reviewsApi([], signedIn());
      renderApp(`/product/${product._id}`);
      await reviewsRegion();
      const u = userEvent.setup();
      await fillReview(u, 4, 'Too short');
      await u.click(screen.getByRole('button', { name: 'Submit Review' }));
      expect(
        await within(form()).findByText('Comment must be at least 10 characters long'),
      ).toBeInTheDocument();
    });

    it('holds the comment to 1000 characters', async () => {
      reviewsApi([], signedIn());
      renderApp(`/product/${product._id}`);
      await reviewsRegion();
      const comment = within(form()).getByLabelText('Your review');
      expect(comment).toHaveAttribute('maxLength', '1000');
      const u = userEvent.setup();
      await u.click(comment);
      await u.paste('y'.repeat(1200));
      expect((comment as HTMLTextAreaElement).value).toHaveLength(1000);
      expect(within(form()).getByText('1000/1000 characters')).toBeInTheDocument();
    });

    it('posts rating, comment and the pros and cons that are not blank, and shows the new review', async () => {
      const posted = makeReview(9, {
        user: { username: 'asha' },
        comment: 'Writes beautifully every day.',
        rating: 5,
        pros: ['Smooth'],
      });
      const api = reviewsApi([], {
        ...signedIn(),
        'POST /reviews': () => ({ status: 201, data: { success: true, review: posted } }),
      });
      renderApp(`/product/${product._id}`);
      await reviewsRegion();
      const u = userEvent.setup();
      await fillReview(u, 5, 'Writes beautifully every day.');
      await u.type(within(form()).getByLabelText('Pros 1'), 'Smooth');
      await u.click(within(form()).getByRole('button', { name: 'Add a pro' }));
      await u.type(within(form()).getByLabelText('Pros 2'), '   ');
      await u.click(screen.getByRole('button', { name: 'Submit Review' }));
      expect(await screen.findByText('Thank you! Your review has been posted.')).toBeInTheDocument();
      expect(api.calls('POST /reviews')[0].body).toEqual({
        productId: product._id,
        rating: 5,
        comment: 'Writes beautifully every day.',
        pros: ['Smooth'],
        cons: [],
      });
      expect(screen.getByRole('article', { name: 'Review by asha' })).toBeInTheDocument();
      expect(within(form()).getByLabelText('Your review')).toHaveValue('');
      await waitFor(() => expect(api.calls(`GET /products/${product._id}`)).toHaveLength(2));
    });

    it("shows the server's error, else 'Failed to submit review'", async () => {
      let reply = { status: 409, data: { message: 'You have already reviewed this product' } };
      reviewsApi([], { ...signedIn(), 'POST /reviews': () => reply });
      renderApp(`/product/${product._id}`);
      await reviewsRegion();
      const u = userEvent.setup();
      await fillReview(u, 3, 'It is a decent pen overall.');
      await u.click(screen.getByRole('button', { name: 'Submit Review' }));
      expect(await within(form()).findByRole('alert')).toHaveTextContent(
        'You have already reviewed this product',
      );
      reply = { status: 400, data: {} as { message: string } };
      await u.click(screen.getByRole('button', { name: 'Submit Review' }));
      await waitFor(() =>
        expect(within(form()).getByRole('alert')).toHaveTextContent('Failed to submit review'),
      );
    });
  });

  describe('helpful votes', () => {
    it("tell a visitor 'You must be logged in to mark reviews as helpful'", async () => {
      const api = reviewsApi([makeReview(1)]);
      renderApp(`/product/${product._id}`);
      await userEvent.setup().click(await screen.findByRole('button', { name: 'Helpful (0)' }));
      expect(window.alert).toHaveBeenCalledWith('You must be logged in to mark reviews as helpful');
      expect(api.requests.filter((r) => r.url.endsWith('/helpful'))).toHaveLength(0);
    });

    it("count a customer's vote", async () => {
      const user = makeUser();
      const review = makeReview(1);
      const api = reviewsApi([review], {
        ...signedIn(user),
        [`POST /reviews/${review._id}/helpful`]: () => ({
          data: { success: true, helpful: true, review: { ...review, helpfulCount: 1, votedHelpful: true } },
        }),
      });
      renderApp(`/product/${product._id}`);
      await userEvent.setup().click(await screen.findByRole('button', { name: 'Helpful (0)' }));
      const button = await screen.findByRole('button', { name: 'Helpful (1)' });
      expect(button).toHaveAttribute('aria-pressed', 'true');
      expect(api.calls(`POST /reviews/${review._id}/helpful`)).toHaveLength(1);
    });

    it("show the customer's own earlier vote as pressed, as the server tells it", async () => {
      reviewsApi(
        [makeReview(1, { helpfulCount: 3, votedHelpful: true }), makeReview(2, { helpfulCount: 1 })],
        {
          ...signedIn(),
        },
      );
      renderApp(`/product/${product._id}`);
      expect(await screen.findByRole('button', { name: 'Helpful (3)' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      expect(screen.getByRole('button', { name: 'Helpful (1)' })).toHaveAttribute('aria-pressed', 'false');
    });

    it("alert 'Failed to mark review as helpful' when the vote fails", async () => {
      const review = makeReview(1);
      reviewsApi([review], {
        ...signedIn(),
        [`POST /reviews/${review._id}/helpful`]: () => ({ status: 400, data: {} }),
      });
      renderApp(`/product/${product._id}`);
      await userEvent.setup().click(await screen.findByRole('button', { name: 'Helpful (0)' }));
      await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Failed to mark review as helpful'));
    });
  });
});
