import { Injectable, Logger } from '@nestjs/common';
import { OnEvent } from '@shop/kit';
import { EVENTS, EventEnvelope, UserDeactivatedEvent, UserRegisteredEvent, UserUpdatedEvent } from '@shop/proto';
import type { EntityManager } from 'typeorm';
import { changedRows } from '../common/sql';
import { copyCustomerFigures } from '../orders/order-aggregates';

/** Locks the customer's order figures, which an order's events may be changing at the same moment. */
async function holdFigures(m: EntityManager, userId: string): Promise<void> {
  await m.query(`INSERT INTO customer_stats (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING`, [userId]);
  await m.query(`SELECT 1 FROM customer_stats WHERE user_id = $1 FOR UPDATE`, [userId]);
}

/**
 * The customers read model. Each row holds the profile as of `as_of` (the time of the event that
 * wrote it): an older event arriving late leaves newer data in place. The registration date is
 * always taken from `user.registered`, whenever it arrives.
 */
@Injectable()
export class CustomersEvents {
  private readonly logger = new Logger(CustomersEvents.name);

  @OnEvent(EVENTS.userRegistered)
  async onRegistered(event: EventEnvelope<UserRegisteredEvent>, m: EntityManager): Promise<void> {
    const e = event.data;
    await holdFigures(m, e.userId);
    await m.query(
      `INSERT INTO customers (user_id, username, email, phone, company_name, city, registered_at, as_of)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (user_id) DO UPDATE SET registered_at = EXCLUDED.registered_at`,
      [e.userId, e.username, e.email, e.phone, e.companyName ?? null, e.city ?? null, e.createdAt, event.occurredAt],
    );
    await copyCustomerFigures(m, e.userId);
  }

  @OnEvent(EVENTS.userUpdated)
  async onUpdated(event: EventEnvelope<UserUpdatedEvent>, m: EntityManager): Promise<void> {
    const e = event.data;
    await holdFigures(m, e.userId);
    await m.query(
      `INSERT INTO customers (user_id, username, email, phone, name, company_name, city, registered_at, as_of)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)
       ON CONFLICT (user_id) DO UPDATE SET
         username = EXCLUDED.username, email = EXCLUDED.email, phone = EXCLUDED.phone, name = EXCLUDED.name,
         company_name = CASE WHEN $9 THEN EXCLUDED.company_name ELSE customers.company_name END,
         city = CASE WHEN $10 THEN EXCLUDED.city ELSE customers.city END,
         as_of = EXCLUDED.as_of
       WHERE customers.as_of <= EXCLUDED.as_of`,
      [
        e.userId,
        e.username,
        e.email,
        e.phone,
        e.name,
        e.companyName ?? null,
        e.city ?? null,
        event.occurredAt,
        e.companyName !== undefined,
        e.city !== undefined,
      ],
    );
    await copyCustomerFigures(m, e.userId);
  }

  @OnEvent(EVENTS.userDeactivated)
  async onDeactivated(event: EventEnvelope<UserDeactivatedEvent>, m: EntityManager): Promise<void> {
    const updated = await changedRows(
      m,
      `UPDATE customers SET is_active = false, as_of = GREATEST(as_of, $2) WHERE user_id = $1 RETURNING user_id`,
      [event.data.userId, event.occurredAt],
    );
    if (updated.length === 0) this.logger.warn(`deactivation of unknown customer ${event.data.userId}: a rebuild will pick it up`);
  }
}
