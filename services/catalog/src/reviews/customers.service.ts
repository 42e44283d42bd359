import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { OnEvent, RpcClient, RpcError, SERVICE_CONFIG } from '@shop/kit';
import {
  CATALOG_MESSAGES,
  EventEnvelope,
  EVENTS,
  RPC,
  UserRegisteredEvent,
  UserUpdatedEvent,
  UserView,
} from '@shop/proto';
import { EntityManager, Repository } from 'typeorm';
import type { CatalogConfig } from '../config/catalog-config';
import { CustomerEntity } from './customer.entity';

/**
 * Customers' names for review bylines. The projection is fed by the user service's events; a
 * customer it has not heard of yet (an event still on its way) is asked for once over RPC.
 */
@Injectable()
export class CustomersService {
  constructor(
    @InjectRepository(CustomerEntity) private readonly customers: Repository<CustomerEntity>,
    private readonly rpc: RpcClient,
    @Inject(SERVICE_CONFIG) private readonly config: CatalogConfig,
  ) {}

  @OnEvent(EVENTS.userRegistered)
  async onRegistered(event: EventEnvelope<UserRegisteredEvent>, manager: EntityManager): Promise<void> {
    await this.remember(manager, event.data.userId, event.data.username, event.data.email);
  }

  @OnEvent(EVENTS.userUpdated)
  async onUpdated(event: EventEnvelope<UserUpdatedEvent>, manager: EntityManager): Promise<void> {
    await this.remember(manager, event.data.userId, event.data.username, event.data.email);
  }

  async username(userId: string): Promise<string> {
    const known = await this.customers.findOneBy({ userId });
    if (known) return known.username;
    let user: UserView;
    try {
      user = await this.rpc.call<UserView>(
        RPC.user.me,
        {},
        { actor: { userId, role: 'customer' }, timeoutMs: this.config.USER_LOOKUP_TIMEOUT_MS },
      );
    } catch (err) {
      if (err instanceof RpcError && err.payload.status === 404)
        throw RpcError.unauthorized(CATALOG_MESSAGES.loginToReview);
      throw RpcError.unavailable(CATALOG_MESSAGES.reviewerUnknown);
    }
    await this.remember(this.customers.manager, user._id, user.username, user.email);
    return user.username;
  }

  private async remember(
    manager: EntityManager,
    userId: string,
    username: string,
    email: string | null,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO customers (user_id, username, email) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET username = EXCLUDED.username, email = EXCLUDED.email, updated_at = now()`,
      [userId, username, email],
    );
  }
}
