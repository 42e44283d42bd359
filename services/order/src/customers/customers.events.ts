import { Injectable } from '@nestjs/common';
import { OnEvent } from '@shop/kit';
import { EVENTS, EventEnvelope, UserRegisteredEvent, UserUpdatedEvent } from '@shop/proto';
import type { EntityManager } from 'typeorm';

/**
 * Keeps each customer's username and e-mail, which the back office shows and searches orders by,
 * and whether the address is verified, which checkout asks. Events published before verification
 * existed do not say: those accounts counted as verified.
 */
@Injectable()
export class CustomersEvents {
  /** A registration found after an update of the same account is older than what is kept. */
  @OnEvent(EVENTS.userRegistered)
  async onRegistered(event: EventEnvelope<UserRegisteredEvent>, manager: EntityManager): Promise<void> {
    const { userId, username, email, emailVerified = true } = event.data;
    await manager.query(
      `INSERT INTO customers (user_id, username, email, name, email_verified, updated_at)
       VALUES ($1, $2, $3, NULL, $4, $5)
       ON CONFLICT (user_id) DO NOTHING`,
      [userId, username, email, emailVerified, event.occurredAt],
    );
  }

  /** An older update arriving after a newer one leaves the newer data in place. */
  @OnEvent(EVENTS.userUpdated)
  async onUpdated(event: EventEnvelope<UserUpdatedEvent>, manager: EntityManager): Promise<void> {
    const { userId, username, email, name, emailVerified = true } = event.data;
    await manager.query(
      `INSERT INTO customers (user_id, username, email, name, email_verified, updated_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (user_id) DO UPDATE
         SET username = EXCLUDED.username, email = EXCLUDED.email, name = EXCLUDED.name,
             email_verified = EXCLUDED.email_verified, updated_at = EXCLUDED.updated_at
       WHERE customers.updated_at <= EXCLUDED.updated_at`,
      [userId, username, email, name, emailVerified, event.occurredAt],
    );
  }
}
