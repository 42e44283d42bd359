import type { ReviewView } from '@shop/proto';
import { api } from './client';

export type Review = ReviewView;

export interface AdminReviewPayload {
  productId: string;
  reviewerName: string;
  reviewerEmail: string;
  reviewerPassword: string;
  rating: number;
  comment: string;
}

export async function listProductReviews(productId: string, signal?: AbortSignal): Promise<Review[]> {
  const { data } = await api.get<{ reviews: Review[] }>(`/reviews/product/${encodeURIComponent(productId)}`, {
    signal,
  });
  return data.reviews ?? [];
}

// Deleting a review is staff-only although the path lacks "admin": it carries the admin token.
export async function deleteReview(id: string): Promise<void> {
  await api.delete(`/reviews/${encodeURIComponent(id)}`, { tokenScope: 'admin' });
}

/** Undoes a deletion: the server puts the review back as it was. Staff-only, like the delete. */
export async function restoreReview(id: string): Promise<Review> {
  const { data } = await api.post<{ review: Review }>(`/reviews/${encodeURIComponent(id)}/restore`, undefined, {
    tokenScope: 'admin',
  });
  return data.review;
}

export async function createAdminReview(payload: AdminReviewPayload): Promise<Review> {
  const { data } = await api.post<{ review: Review }>('/reviews/admin', payload);
  return data.review;
}
