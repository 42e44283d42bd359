import { Injectable } from '@nestjs/common';
import { OnEvent } from '@shop/kit';
import { EVENTS, EventEnvelope, UserRegisteredEvent, UserUpdatedEvent } from '@shop/proto';
import type { EntityManager } from 'typeorm';

/** Keeps each customer's username and e-mail, which the back office shows and searches orders by. */
@Injectable()
export class CustomersEvents {
  /** A registration found after an update of the same account is older than what is kept. */
  @OnEvent(EVENTS.userRegistered)
  async onRegistered(event: EventEnvelope<UserRegisteredEvent>, manager: EntityManager): Promise<void> {
    const { userId, username, email } = event.data;
    await manager.query(
      `INSERT INTO customers (user_id, username, email, name, updated_at) VALUES ($1, $2, $3, NULL, $4)
       ON CONFLICT (user_id) DO NOTHING`,
      [userId, username, email, event.occurredAt],
    );
  }

  /** An older update arriving after a newer one leaves the newer data in place. */
  @OnEvent(EVENTS.userUpdated)
  async onUpdated(event: EventEnvelope<UserUpdatedEvent>, manager: EntityManager): Promise<void> {
    const { userId, username, email, name } = event.data;
    await manager.query(
      `INSERT INTO customers (user_id, username, email, name, updated_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id) DO UPDATE
         SET username = EXCLUDED.username, email = EXCLUDED.email, name = EXCLUDED.name, updated_at = EXCLUDED.updated_at
       WHERE customers.updated_at <= EXCLUDED.updated_at`,
      [userId, username, email, name, event.occurredAt],
    );
  }
}
