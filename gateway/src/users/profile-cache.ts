import { Injectable } from '@nestjs/common';
import {
  EventEnvelope,
  EVENTS,
  UserDeactivatedEvent,
  UserSessionsEndedEvent,
  UserUpdatedEvent,
  UserView,
} from '@shop/proto';
import { GatewayEventSubscriber, GatewayEvents } from '../back-office/gateway-events';

/** Enough for every customer active at once on one replica; the least recently read go first. */
export const PROFILE_CACHE_ENTRIES = 10_000;
/**
 * The wishlist, addresses and last sign-in in the profile change without `user.updated`: this
 * replica drops the entry when it relays such a change itself, and another replica's copy lives
 * no longer than this.
 */
export const PROFILE_CACHE_TTL_MS = 30_000;

/**
 * `GET /api/auth/me`'s answers, per replica, so a storefront reading its customer on every page
 * costs no call to the user service. An entry is dropped by `user.updated` (which every gateway
 * replica hears on its own queue), by `user.sessions-ended` and `user.deactivated`, and by this
 * replica's own routes that change the profile. The guards still run before it: a token of an
 * ended session or a deactivated account is refused, cached profile or not.
 */
@Injectable()
export class ProfileCache implements GatewayEventSubscriber {
  readonly eventTypes = [EVENTS.userUpdated, EVENTS.userSessionsEnded, EVENTS.userDeactivated];
  private readonly entries = new Map<string, { view: UserView; until: number }>();
  /** Raised by every drop: a read that began before one does not store what it read. */
  private generation = 0;

  constructor(
    events: GatewayEvents,
    private readonly maxEntries = PROFILE_CACHE_ENTRIES,
    private readonly ttlMs = PROFILE_CACHE_TTL_MS,
  ) {
    events.subscribe(this);
  }

  /** The cached profile, or `read`'s answer, kept unless the profile changed while it was read. */
  async get(userId: string, read: () => Promise<UserView>): Promise<UserView> {
    const hit = this.entries.get(userId);
    if (hit && hit.until > Date.now()) {
      // Re-inserted, so the Map's order is least recently read first.
      this.entries.delete(userId);
      this.entries.set(userId, hit);
      return hit.view;
    }
    const generation = this.generation;
    const view = await read();
    if (generation === this.generation) {
      this.entries.delete(userId);
      this.entries.set(userId, { view, until: Date.now() + this.ttlMs });
      if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    }
    return view;
  }

  /** Runs a change of the customer's profile made through this replica, and drops what it changed. */
  async changing<T>(userId: string, change: () => Promise<T>): Promise<T> {
    try {
      return await change();
    } finally {
      this.drop(userId);
    }
  }

  drop(userId: string): void {
    this.generation += 1;
    this.entries.delete(userId);
  }

  apply(event: EventEnvelope): void {
    if (event.type === EVENTS.userSessionsEnded) {
      const { role, accountId } = event.data as UserSessionsEndedEvent;
      if (role === 'customer') this.drop(accountId);
    } else {
      this.drop((event.data as UserUpdatedEvent | UserDeactivatedEvent).userId);
    }
  }

  /** Events may have been missed while the bus was away: nothing cached is trusted. */
  resync(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
