import type { ReviewView } from '@shop/proto';
import { api } from './client';

export type Review = ReviewView;

export const REVIEW_ERRORS = {
  load: 'Failed to load reviews',
  submit: 'Failed to submit review',
  helpful: 'Failed to mark review as helpful',
} as const;

export interface ReviewInput {
  productId: string;
  rating: number;
  comment: string;
  pros: string[];
  cons: string[];
}

export async function fetchReviews(productId: string, signal?: AbortSignal): Promise<Review[]> {
  const { data } = await api.get<{ reviews?: Review[] }>(
    `/reviews/product/${encodeURIComponent(productId)}`,
    {
      signal,
    },
  );
  return Array.isArray(data.reviews) ? data.reviews : [];
}

export async function submitReview(input: ReviewInput): Promise<Review> {
  const { data } = await api.post<{ review: Review }>('/reviews', input);
  return data.review;
}

/** Toggles the caller's helpful vote; the answer is the review with its new count and the caller's vote. */
export async function markReviewHelpful(reviewId: string): Promise<Review> {
  const { data } = await api.post<{ review: Review }>(`/reviews/${encodeURIComponent(reviewId)}/helpful`);
  return data.review;
}
