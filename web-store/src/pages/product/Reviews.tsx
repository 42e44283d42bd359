import { CATALOG_MESSAGES, REVIEW_COMMENT_MAX, reviewCreateSchema } from '@shop/proto';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { connectionProblem, failureMessage } from '../../api/client';
import { fetchReviews, markReviewHelpful, REVIEW_ERRORS, submitReview, type Review } from '../../api/reviews';
import { useAuth } from '../../auth/AuthContext';
import { Stars } from '../../components/ProductCard';
import { EmptyState, ErrorState, LoadingState } from '@shop/web-kit/QueryStates';
import { alertFailure } from '../../lib/notify';
import { zodResolver } from '@shop/web-kit/zodResolver';
import { formatDate } from '@shop/web-kit/format';

const reviewFormSchema = reviewCreateSchema.pick({ rating: true, comment: true });

interface ReviewForm {
  rating: string;
  comment: string;
  pros: { text: string }[];
  cons: { text: string }[];
}

const EMPTY_FORM: ReviewForm = { rating: '', comment: '', pros: [{ text: '' }], cons: [{ text: '' }] };

/** Per viewer: the list says whether the signed-in customer found each review helpful. */
export function reviewsKey(productId: string, viewerId: string | null) {
  return ['reviews', productId, viewerId] as const;
}

/**
 * Reviews of one product: the list with pros, cons and helpful votes, and the form to add one,
 * inside the page's "Customer reviews" region (ProductDetailPage).
 */
export function Reviews({ productId, onPosted }: { productId: string; onPosted(): void }) {
  const { user } = useAuth();
  const reviews = useQuery({
    queryKey: reviewsKey(productId, user?._id ?? null),
    queryFn: ({ signal }) => fetchReviews(productId, signal),
  });

  return (
    <>
      {reviews.isPending ? (
        <LoadingState label="Loading reviews..." />
      ) : reviews.isError ? (
        <ErrorState
          message={connectionProblem(reviews.error) ?? REVIEW_ERRORS.load}
          onRetry={() => void reviews.refetch()}
        />
      ) : reviews.data.length === 0 ? (
        <EmptyState title="No reviews yet">
          <p>Be the first to review this product.</p>
        </EmptyState>
      ) : (
        <ul className="review-list">
          {reviews.data.map((review) => (
            <li key={review._id}>
              <ReviewItem review={review} productId={productId} />
            </li>
          ))}
        </ul>
      )}
      <ReviewFormSection productId={productId} onPosted={onPosted} />
    </>
  );
}

function ReviewItem({ review, productId }: { review: Review; productId: string }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const voted = Boolean(user && review.votedHelpful);

  const onHelpful = async () => {
    if (!user) {
      window.alert(CATALOG_MESSAGES.loginToMarkHelpful);
      return;
    }
    setBusy(true);
    try {
      const updated = await markReviewHelpful(review._id);
      queryClient.setQueryData<Review[]>(reviewsKey(productId, user._id), (list) =>
        list?.map((r) => (r._id === updated._id ? updated : r)),
      );
    } catch (error) {
      alertFailure(error, REVIEW_ERRORS.helpful);
    } finally {
      setBusy(false);
    }
  };

  return (
    <article className="review" aria-label={`Review by ${review.user.username}`}>
      <header className="review-head">
        <strong>{review.user.username}</strong>
        <span className="review-rating">
          <Stars value={review.rating} />
          <span className="visually-hidden">Rated {review.rating} out of 5</span>
        </span>
        <time dateTime={review.createdAt}>{formatDate(new Date(review.createdAt))}</time>
      </header>
      <p className="review-comment">{review.comment}</p>
      {review.pros.length > 0 && (
        <div className="review-points pros">
          <h3>Pros</h3>
          <ul>
            {review.pros.map((point, i) => (
              <li key={i}>{point}</li>
            ))}
          </ul>
        </div>
      )}
      {review.cons.length > 0 && (
        <div className="review-points cons">
          <h3>Cons</h3>
          <ul>
            {review.cons.map((point, i) => (
              <li key={i}>{point}</li>
            ))}
          </ul>
        </div>
      )}
      <button
        type="button"
        className="btn-link helpful"
        aria-pressed={voted}
        disabled={busy}
        onClick={() => void onHelpful()}
      >
        Helpful ({review.helpfulCount})
      </button>
    </article>
  );
}

function ReviewFormSection({ productId, onPosted }: { productId: string; onPosted(): void }) {
  const id = useId();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const [thanks, setThanks] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ReviewForm>({ resolver: zodResolver(reviewFormSchema), defaultValues: EMPTY_FORM });
  const pros = useFieldArray({ control, name: 'pros' });
  const cons = useFieldArray({ control, name: 'cons' });
  const comment = watch('comment');

  const send = handleSubmit(async (values) => {
    setProblem(null);
    setThanks(false);
    const points = (list: { text: string }[]) => list.map((p) => p.text.trim()).filter(Boolean);
    try {
      const review = await submitReview({
        productId,
        rating: Number(values.rating),
        comment: values.comment.trim(),
        pros: points(values.pros),
        cons: points(values.cons),
      });
      queryClient.setQueryData<Review[]>(reviewsKey(productId, user?._id ?? null), (list) => [
        review,
        ...(list ?? []),
      ]);
      reset(EMPTY_FORM);
      setThanks(true);
      onPosted();
    } catch (error) {
      setProblem(failureMessage(error, REVIEW_ERRORS.submit));
    }
  });

  return (
    <form
      className="review-form"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => {
        // A visitor is told to sign in before any field is checked, as the server does.
        if (!user) {
          event.preventDefault();
          setThanks(false);
          setProblem(CATALOG_MESSAGES.loginToReview);
          return;
        }
        void send(event);
      }}
    >
      <h3 id={`${id}-title`}>Write a review</h3>
      {problem && (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      )}
      {thanks && (
        <p className="notice notice-info" role="status">
          Thank you! Your review has been posted.
        </p>
      )}
      <fieldset
        className="field rating-input"
        aria-describedby={errors.rating ? `${id}-rating-error` : undefined}
      >
        <legend>Your rating</legend>
        <div className="rating-choices">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n}>
              <input type="radio" value={String(n)} {...register('rating')} />
              <span>
                {n} star{n > 1 ? 's' : ''}
              </span>
            </label>
          ))}
        </div>
        {errors.rating && (
          <p id={`${id}-rating-error`} className="field-error">
            {errors.rating.message}
          </p>
        )}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-comment`}>Your review</label>
        <textarea
          id={`${id}-comment`}
          rows={4}
          maxLength={REVIEW_COMMENT_MAX}
          aria-invalid={errors.comment ? true : undefined}
          aria-describedby={`${id}-comment-count${errors.comment ? ` ${id}-comment-error` : ''}`}
          {...register('comment')}
        />
        <p id={`${id}-comment-count`} className="field-hint">
          {comment.length}/{REVIEW_COMMENT_MAX} characters
        </p>
        {errors.comment && (
          <p id={`${id}-comment-error`} className="field-error">
            {errors.comment.message}
          </p>
        )}
      </div>
      <div className="review-points-inputs">
        <PointsInput label="Pros" name="pros" fields={pros} register={register} />
        <PointsInput label="Cons" name="cons" fields={cons} register={register} />
      </div>
      <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
        {isSubmitting ? 'Submitting...' : 'Submit Review'}
      </button>
    </form>
  );
}

function PointsInput({
  label,
  name,
  fields,
  register,
}: {
  label: 'Pros' | 'Cons';
  name: 'pros' | 'cons';
  fields: ReturnType<typeof useFieldArray<ReviewForm, 'pros' | 'cons'>>;
  register: ReturnType<typeof useForm<ReviewForm>>['register'];
}) {
  const singular = label === 'Pros' ? 'pro' : 'con';
  return (
    <fieldset className="field points-input">
      <legend>{label}</legend>
      {fields.fields.map((field, index) => (
        <div key={field.id} className="point-row">
          <input
            type="text"
            maxLength={300}
            aria-label={`${label} ${index + 1}`}
            {...register(`${name}.${index}.text` as const)}
          />
          {fields.fields.length > 1 && (
            <button type="button" className="btn-link" onClick={() => fields.remove(index)}>
              Remove
              <span className="visually-hidden">
                {' '}
                {singular} {index + 1}
              </span>
            </button>
          )}
        </div>
      ))}
      <button type="button" className="btn-link" onClick={() => fields.append({ text: '' })}>
        Add a {singular}
      </button>
    </fieldset>
  );
}
