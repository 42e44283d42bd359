import { Injectable, Logger, OnApplicationShutdown, UnauthorizedException } from '@nestjs/common';
import { RpcClient } from '@shop/kit';
import { EndedSession, EventEnvelope, EVENTS, RPC, UserSessionsEndedEvent } from '@shop/proto';
import { GatewayEventSubscriber, GatewayEvents, Resync } from '../back-office/gateway-events';

export const SESSION_ENDED = 'Your session has ended. Please log in again.';

const ENDED_RPC_TIMEOUT_MS = 3000;
/** How often sessions whose tokens have expired since are forgotten (their tokens are refused as expired). */
const FORGET_EVERY_MS = 10 * 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The session a token names, or null for a token from before sessions (or one that names none). */
export function sessionIdOf(claims: { sid?: unknown }): string | null {
  return typeof claims.sid === 'string' && UUID.test(claims.sid) ? claims.sid : null;
}

/**
 * The sessions that ended before their tokens expired (Sign Out, a device signed out in Settings,
 * "Sign out of all devices", a password change or reset, a deactivation), so their tokens are
 * refused with an in-memory lookup, never a call per request. Asked of the user service at start
 * and after every reconnect, then kept from `user.sessions-ended`, which every gateway replica
 * hears on its own queue. Each is held until its tokens expire. Until the first answer, tokens are
 * let through, as for deactivated accounts.
 */
@Injectable()
export class EndedSessions implements GatewayEventSubscriber, OnApplicationShutdown {
  readonly eventTypes = [EVENTS.userSessionsEnded];
  private readonly logger = new Logger(EndedSessions.name);
  /** Session id to when its tokens expire (ms). */
  private readonly until = new Map<string, number>();
  private readonly resyncer: Resync;
  private readonly forgetting: NodeJS.Timeout;

  constructor(
    events: GatewayEvents,
    private readonly rpc: RpcClient,
  ) {
    events.subscribe(this);
    this.resyncer = new Resync('the ended sessions', () => this.load(), this.logger);
    this.forgetting = setInterval(() => this.forgetExpired(), FORGET_EVERY_MS).unref();
  }

  get size(): number {
    return this.until.size;
  }

  /** The session of a verified token, refused (401) when the token names none or it has ended. */
  assertOpen(claims: { sid?: unknown }): string {
    const sessionId = sessionIdOf(claims);
    if (!sessionId || this.until.has(sessionId)) throw new UnauthorizedException(SESSION_ENDED);
    return sessionId;
  }

  /**
   * Takes sessions ended through this replica at once, so the replica that answered a sign-out or a
   * password change refuses the old token before the event arrives.
   */
  ended(sessions: readonly EndedSession[]): void {
    for (const { id, expiresAt } of sessions) {
      const until = Date.parse(expiresAt);
      if (Number.isFinite(until)) this.until.set(id, Math.max(until, this.until.get(id) ?? 0));
    }
  }

  apply(event: EventEnvelope): void {
    this.ended((event.data as UserSessionsEndedEvent).sessions ?? []);
  }

  resync(): void {
    this.resyncer.start();
  }

  /** Ended sessions only ever join the set, so what the user service answers is simply added. */
  private async load(): Promise<void> {
    this.ended(await this.rpc.call<EndedSession[]>(RPC.user.endedSessions, {}, { timeoutMs: ENDED_RPC_TIMEOUT_MS }));
  }

  private forgetExpired(): void {
    const now = Date.now();
    for (const [id, until] of this.until) if (until <= now) this.until.delete(id);
  }

  onApplicationShutdown(): void {
    clearInterval(this.forgetting);
    this.resyncer.stop();
  }
}
