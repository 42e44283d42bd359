import { Injectable } from '@nestjs/common';
import { OnEvent } from '@shop/kit';
import { EVENTS, EventEnvelope, ReviewCreatedEvent } from '@shop/proto';
import type { EntityManager } from 'typeorm';

/** Every review's rating, for the dashboard's customer satisfaction. */
@Injectable()
export class ReviewsEvents {
  @OnEvent(EVENTS.reviewCreated)
  async onCreated(event: EventEnvelope<ReviewCreatedEvent>, m: EntityManager): Promise<void> {
    const e = event.data;
    await m.query(
      `INSERT INTO reviews (review_id, product_id, rating, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (review_id) DO NOTHING`,
      [e.reviewId, e.productId, e.rating, e.createdAt],
    );
  }
}
