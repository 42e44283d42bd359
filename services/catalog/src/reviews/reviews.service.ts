import { Injectable } from '@nestjs/common';
import { EventPublisher, RpcError } from '@shop/kit';
import {
  Actor,
  AdminReviewCreateInput,
  CATALOG_MESSAGES as M,
  EVENTS,
  ReviewCreatedEvent,
  ReviewCreateInput,
  ReviewView,
} from '@shop/proto';
import { DataSource, EntityManager } from 'typeorm';
import { isUuid } from '../common/ids';
import { returning } from '../common/sql';
import { PRODUCT_COLUMNS, ProductRow } from '../products/product-view';
import { ProductsRepository } from '../products/products.repository';
import { ReadCache } from '../products/read-cache';
import { CustomersService } from './customers.service';

interface ReviewRow {
  id: string;
  product_id: string;
  user_id: string | null;
  username: string;
  rating: number;
  comment: string;
  pros: string[];
  cons: string[];
  helpful_count: number;
  voted_helpful: boolean;
  created_at: Date;
}

/**
 * A review's columns, with how many found it helpful and whether the viewer (`$2`, a customer id or
 * null) did: who the other voters are is nobody's business.
 */
const REVIEW_COLUMNS = `r.id, r.product_id, r.user_id, r.username, r.rating, r.comment, r.pros, r.cons, r.created_at,
  (SELECT count(*)::int FROM review_helpful h WHERE h.review_id = r.id) AS helpful_count,
  EXISTS (SELECT 1 FROM review_helpful h WHERE h.review_id = r.id AND h.user_id = $2::uuid) AS voted_helpful`;

/** How long a review staff deleted can be restored (the undo); after it the review is forgotten. */
export const REVIEW_RESTORE_HOURS = 24;

const toView = (r: ReviewRow): ReviewView => ({
  _id: r.id,
  productId: r.product_id,
  user: { username: r.username },
  rating: r.rating,
  comment: r.comment,
  pros: r.pros,
  cons: r.cons,
  helpfulCount: r.helpful_count,
  votedHelpful: r.voted_helpful,
  createdAt: r.created_at.toISOString(),
});

/** Reviews, and the product's rating and review count kept in step with them. */
@Injectable()
export class ReviewsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly customers: CustomersService,
    private readonly events: EventPublisher,
    private readonly cache: ReadCache,
    private readonly products: ProductsRepository,
  ) {}

  /** `viewer`: the signed-in customer asking, told which reviews they found helpful. */
  async listForProduct(
    productId: string,
    viewer: string | null,
  ): Promise<{ success: true; reviews: ReviewView[] }> {
    if (!isUuid(productId)) throw RpcError.badRequest(M.invalidProductId);
    const [product] = await this.dataSource.query(
      `SELECT id FROM products WHERE id = $1 AND deleted_at IS NULL`,
      [productId],
    );
    if (!product) throw RpcError.notFound(M.productNotFound);
    const rows: ReviewRow[] = await this.dataSource.query(
      `SELECT ${REVIEW_COLUMNS} FROM reviews r
        WHERE r.product_id = $1 AND r.deleted_at IS NULL
        ORDER BY r.created_at DESC, r.id`,
      [productId, viewer],
    );
    return { success: true, reviews: rows.map(toView) };
  }

  /** A customer's review: one per product. The text is kept exactly as written. */
  async create(actor: Actor, input: ReviewCreateInput): Promise<{ success: true; review: ReviewView }> {
    const username = await this.customers.username(actor.userId);
    try {
      return await this.write((m) =>
        this.insert(m, {
          productId: input.productId,
          userId: actor.userId,
          username,
          email: null,
          byAdmin: false,
          rating: input.rating,
          comment: input.comment,
          pros: input.pros,
          cons: input.cons,
        }),
      );
    } catch (err) {
      if (err?.code === '23505') throw RpcError.conflict(M.alreadyReviewed);
      throw err;
    }
  }

  /** Staff write a review in a reviewer's name; no account is made for the reviewer. */
  async createByAdmin(input: AdminReviewCreateInput): Promise<{ success: true; review: ReviewView }> {
    const username = input.reviewerName ?? input.reviewerEmail.split('@')[0];
    return this.write((m) =>
      this.insert(m, {
        productId: input.productId,
        userId: null,
        username,
        email: input.reviewerEmail,
        byAdmin: true,
        rating: input.rating,
        comment: input.comment,
        pros: [],
        cons: [],
      }),
    );
  }

  /** Marks the review helpful for this customer, or unmarks it when they had. */
  async toggleHelpful(
    actor: Actor,
    reviewId: string,
  ): Promise<{ success: true; helpful: boolean; review: ReviewView }> {
    if (!isUuid(reviewId)) throw RpcError.notFound(M.reviewNotFound);
    return this.dataSource.transaction(async (m) => {
      const [review] = await m.query(`SELECT id FROM reviews WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`, [
        reviewId,
      ]);
      if (!review) throw RpcError.notFound(M.reviewNotFound);
      const removed = await returning(
        m,
        `DELETE FROM review_helpful WHERE review_id = $1 AND user_id = $2 RETURNING user_id`,
        [reviewId, actor.userId],
      );
      if (removed.length === 0)
        await m.query(`INSERT INTO review_helpful (review_id, user_id) VALUES ($1, $2)`, [
          reviewId,
          actor.userId,
        ]);
      const [row]: ReviewRow[] = await m.query(`SELECT ${REVIEW_COLUMNS} FROM reviews r WHERE r.id = $1`, [
        reviewId,
        actor.userId,
      ]);
      return { success: true as const, helpful: removed.length === 0, review: toView(row) };
    });
  }

  /**
   * Staff delete a review: it leaves the product's page and rating at once, and is kept as it was
   * (helpful votes too) so that it can be restored for REVIEW_RESTORE_HOURS.
   */
  async remove(reviewId: string): Promise<{ success: true; message: string }> {
    if (!isUuid(reviewId)) throw RpcError.notFound(M.reviewNotFound);
    return this.write(async (m) => {
      const [deleted] = await returning(
        m,
        `UPDATE reviews SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL RETURNING product_id`,
        [reviewId],
      );
      if (!deleted) throw RpcError.notFound(M.reviewNotFound);
      await this.recomputeRating(m, deleted.product_id);
      return { success: true as const, message: 'Review deleted' };
    });
  }

  /**
   * Undoes a deletion: the review comes back as it was, under its author, with its date and helpful
   * votes, and the rating follows. Restoring a review that is there already answers it. Refused when
   * the product is gone, when the window has passed, or when the customer has written a new review
   * of the product since (one review per customer).
   */
  async restore(reviewId: string): Promise<{ success: true; review: ReviewView }> {
    if (!isUuid(reviewId)) throw RpcError.notFound(M.reviewNotFound);
    try {
      return await this.write(async (m) => {
        const [review]: { product_id: string; deleted_at: Date | null; too_late: boolean }[] = await m.query(
          `SELECT product_id, deleted_at, deleted_at < now() - make_interval(hours => $2) AS too_late
             FROM reviews WHERE id = $1 FOR UPDATE`,
          [reviewId, REVIEW_RESTORE_HOURS],
        );
        if (!review) throw RpcError.notFound(M.reviewNotFound);
        if (review.deleted_at) {
          if (review.too_late) throw RpcError.conflict(M.reviewRestoreTooLate);
          // The product row lock orders this with the product's other review changes (insert).
          const [product] = await m.query(
            `SELECT id FROM products WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`,
            [review.product_id],
          );
          if (!product) throw RpcError.notFound(M.productNotFound);
          await m.query(`UPDATE reviews SET deleted_at = NULL WHERE id = $1`, [reviewId]);
          await this.recomputeRating(m, review.product_id);
        }
        const [row]: ReviewRow[] = await m.query(`SELECT ${REVIEW_COLUMNS} FROM reviews r WHERE r.id = $1`, [
          reviewId,
          null,
        ]);
        return { success: true as const, review: toView(row) };
      });
    } catch (err) {
      if (err?.code === '23505') throw RpcError.conflict(M.reviewRestoreReplaced);
      throw err;
    }
  }

  /** Forgets the reviews deleted longer ago than the restore window; answers how many. */
  async forgetDeleted(batch: number): Promise<number> {
    const rows: unknown[] = await this.dataSource.query(
      `WITH gone AS (
         DELETE FROM reviews WHERE id IN (
           SELECT id FROM reviews WHERE deleted_at < now() - make_interval(hours => $1)
            LIMIT $2 FOR UPDATE SKIP LOCKED)
         RETURNING id)
       SELECT id FROM gone`,
      [REVIEW_RESTORE_HOURS, batch],
    );
    return rows.length;
  }

  /** Ratings show on product pages and lists: the read cache is dropped once a change is committed. */
  private async write<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    const result = await this.dataSource.transaction(work);
    this.cache.clear();
    return result;
  }

  private async insert(
    m: EntityManager,
    review: {
      productId: string;
      userId: string | null;
      username: string;
      email: string | null;
      byAdmin: boolean;
      rating: number;
      comment: string;
      pros: string[];
      cons: string[];
    },
  ): Promise<{ success: true; review: ReviewView }> {
    // The product row lock orders concurrent reviews of one product, so the average stays exact.
    const [product] = await m.query(
      `SELECT id FROM products WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`,
      [review.productId],
    );
    if (!product) throw RpcError.notFound(M.productNotFound);
    const [inserted] = await m.query(
      `INSERT INTO reviews (product_id, user_id, username, reviewer_email, by_admin, rating, comment, pros, cons)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [
        review.productId,
        review.userId,
        review.username,
        review.email,
        review.byAdmin,
        review.rating,
        review.comment,
        review.pros,
        review.cons,
      ],
    );
    const totals = await this.recomputeRating(m, review.productId);
    const [row]: ReviewRow[] = await m.query(`SELECT ${REVIEW_COLUMNS} FROM reviews r WHERE r.id = $1`, [
      inserted.id,
      review.userId,
    ]);
    const event: ReviewCreatedEvent = {
      reviewId: row.id,
      productId: row.product_id,
      userId: row.user_id,
      rating: row.rating,
      averageRating: totals.rating,
      reviewCount: totals.reviewCount,
      createdAt: row.created_at.toISOString(),
    };
    await this.events.publish(m, EVENTS.reviewCreated, event);
    return { success: true, review: toView(row) };
  }

  /** Cards show the rating and review count: product.upserted tells the copies of the product list. */
  private async recomputeRating(
    m: EntityManager,
    productId: string,
  ): Promise<{ rating: number; reviewCount: number }> {
    const [row] = await returning<ProductRow>(
      m,
      `UPDATE products p
          SET rating = COALESCE(
                (SELECT round(avg(r.rating), 2) FROM reviews r WHERE r.product_id = p.id AND r.deleted_at IS NULL), 0),
              review_count = (SELECT count(*) FROM reviews r WHERE r.product_id = p.id AND r.deleted_at IS NULL),
              updated_at = now(),
              version = version + 1
        WHERE p.id = $1
        RETURNING ${PRODUCT_COLUMNS}`,
      [productId],
    );
    if (!row.deleted_at) await this.products.publishUpsertedRows(m, [row]);
    return { rating: Number(row.rating), reviewCount: row.review_count };
  }
}
