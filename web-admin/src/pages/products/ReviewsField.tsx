import { REVIEW_COMMENT_MIN } from '@shop/proto';
import type { Review } from '../../api/reviews';
import { StarIcon, TrashIcon } from '@shop/web-kit/icons';
import { LoadingState } from '@shop/web-kit/QueryStates';
import { formatDate } from '@shop/web-kit/format';
import type { ReviewDraft } from './productForm';

function Stars({ rating }: { rating: number }) {
  return (
    <span className="stars" role="img" aria-label={`${rating} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <StarIcon key={n} filled={n <= rating} />
      ))}
    </span>
  );
}

/** Existing reviews of the product; deleting one offers undo. */
export function ExistingReviews({
  reviews,
  loading,
  onDelete,
}: {
  reviews: Review[];
  loading: boolean;
  onDelete(review: Review): void;
}) {
  if (loading) return <LoadingState label="Loading reviews..." />;
  if (reviews.length === 0) return <p className="field-hint">No reviews yet.</p>;
  return (
    <ul className="review-list" aria-label="Existing reviews">
      {reviews.map((review) => (
        <li key={review._id} className="review-item">
          <header>
            <strong>{review.user?.username ?? 'Anonymous'}</strong>
            <Stars rating={review.rating} />
            <span className="field-hint">{formatDate(review.createdAt)}</span>
            <button
              type="button"
              className="icon-button"
              aria-label={`Delete review by ${review.user?.username ?? 'Anonymous'}`}
              onClick={() => onDelete(review)}
            >
              <TrashIcon />
            </button>
          </header>
          <p>{review.comment}</p>
        </li>
      ))}
    </ul>
  );
}

interface NewReviewsProps {
  drafts: ReviewDraft[];
  onAdd(): void;
  onChange(draft: ReviewDraft): void;
  onRemove(draft: ReviewDraft): void;
}

/** Admin-authored reviews, sent with the product when email, password, rating and comment are set. */
export function NewReviews({ drafts, onAdd, onChange, onRemove }: NewReviewsProps) {
  return (
    <div>
      {drafts.length > 0 ? (
        <ul className="review-list" aria-label="New reviews">
          {drafts.map((draft, index) => {
            const id = (field: string) => `review-${draft.key}-${field}`;
            const set = (patch: Partial<ReviewDraft>) => onChange({ ...draft, ...patch });
            return (
              <li key={draft.key} className="review-item">
                <header>
                  <strong>New review {index + 1}</strong>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Remove new review ${index + 1}`}
                    onClick={() => onRemove(draft)}
                  >
                    <TrashIcon />
                  </button>
                </header>
                <div className="field-row">
                  <div className="field">
                    <label htmlFor={id('name')}>Reviewer name</label>
                    <input
                      id={id('name')}
                      value={draft.reviewerName}
                      onChange={(e) => set({ reviewerName: e.target.value })}
                    />
                  </div>
                  <div className="field">
                    <label htmlFor={id('email')}>Reviewer email</label>
                    <input
                      id={id('email')}
                      type="email"
                      value={draft.reviewerEmail}
                      onChange={(e) => set({ reviewerEmail: e.target.value })}
                    />
                  </div>
                  <div className="field">
                    <label htmlFor={id('password')}>Reviewer password</label>
                    <input
                      id={id('password')}
                      type="password"
                      autoComplete="new-password"
                      value={draft.reviewerPassword}
                      onChange={(e) => set({ reviewerPassword: e.target.value })}
                    />
                  </div>
                </div>
                <fieldset className="field">
                  <legend className="field-label">Rating</legend>
                  <div className="rating-input">
                    {[1, 2, 3, 4, 5].map((n) => (
                      <button
                        key={n}
                        type="button"
                        aria-label={`${n} star${n === 1 ? '' : 's'}`}
                        aria-pressed={draft.rating === n}
                        onClick={() => set({ rating: draft.rating === n ? 0 : n })}
                      >
                        <StarIcon filled={n <= draft.rating} width="20" height="20" />
                      </button>
                    ))}
                  </div>
                </fieldset>
                <div className="field">
                  <label htmlFor={id('comment')}>Comment</label>
                  <textarea
                    id={id('comment')}
                    rows={3}
                    value={draft.comment}
                    onChange={(e) => set({ comment: e.target.value })}
                  />
                  <p className="field-hint">Minimum {REVIEW_COMMENT_MIN} characters.</p>
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
      <button type="button" className="btn btn-secondary btn-small" onClick={onAdd}>
        Add Review
      </button>
    </div>
  );
}
