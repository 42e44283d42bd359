import { Injectable, Logger, OnApplicationShutdown, UnauthorizedException } from '@nestjs/common';
import { RpcClient } from '@shop/kit';
import { AccountTokenVersion, EventEnvelope, EVENTS, Role, RPC, TokenClaims, UserSessionsRevokedEvent } from '@shop/proto';
import { isRevoked, tokenVersionOf, TokenVersionTable } from '../auth/token-versions';
import { GatewayEventSubscriber, GatewayEvents, Resync } from '../back-office/gateway-events';

export const SESSION_ENDED = 'Your session has ended. Please log in again.';

const REVOKED_RPC_TIMEOUT_MS = 3000;
/**
 * How often the table is rebuilt from the user service's answer, which drops customers whose
 * older tokens have all expired since (the table would otherwise grow with every logout).
 */
const REBUILD_EVERY_MS = 60 * 60_000;

/**
 * The accounts' token versions, so a token ended by a logout, password change, reset or
 * deactivation is refused with an in-memory lookup, never a call per request. Asked of the user
 * service at start, after every reconnect and hourly (only accounts that can still have unexpired
 * older tokens), then kept from `user.sessions-revoked`, which every gateway replica hears on its
 * own queue. Until the first answer, tokens are let through, as for deactivated accounts.
 */
@Injectable()
export class SessionVersions implements GatewayEventSubscriber, OnApplicationShutdown {
  readonly eventTypes = [EVENTS.userSessionsRevoked];
  private readonly logger = new Logger(SessionVersions.name);
  private versions = new TokenVersionTable();
  /** Revocations heard while the user service's answer is awaited, for the rebuilt table to keep. */
  private readonly heardWhileLoading = new Set<TokenVersionTable>();
  private readonly resyncer: Resync;
  private readonly rebuild: NodeJS.Timeout;

  constructor(
    events: GatewayEvents,
    private readonly rpc: RpcClient,
  ) {
    events.subscribe(this);
    this.resyncer = new Resync('the ended sessions', () => this.load(), this.logger);
    this.rebuild = setInterval(() => this.resync(), REBUILD_EVERY_MS).unref();
  }

  /** Refuses (401) a verified token whose account's sessions were ended after it was signed. */
  assertCurrent(role: Role, claims: TokenClaims): void {
    if (isRevoked(tokenVersionOf(claims), this.versions.current(`${role}:${claims.sub}`))) {
      throw new UnauthorizedException(SESSION_ENDED);
    }
  }

  /**
   * Takes a revocation this gateway itself relayed, so the replica that answered a logout or a
   * password change refuses the old token at once rather than when the event arrives.
   */
  revoked(role: Role, accountId: string, tokenVersion: number): void {
    const key = `${role}:${accountId}`;
    this.versions.raise(key, tokenVersion);
    for (const heard of this.heardWhileLoading) heard.raise(key, tokenVersion);
  }

  apply(event: EventEnvelope): void {
    const { role, accountId, tokenVersion } = event.data as UserSessionsRevokedEvent;
    this.revoked(role, accountId, tokenVersion);
  }

  resync(): void {
    this.resyncer.start();
  }

  /**
   * Replaces the table with the user service's answer plus what was heard meanwhile: everything
   * revoked before the answer was read is in it, everything after arrives as an event.
   */
  private async load(): Promise<void> {
    const heard = new TokenVersionTable();
    this.heardWhileLoading.add(heard);
    try {
      const accounts = await this.rpc.call<AccountTokenVersion[]>(RPC.user.revokedSessions, {}, { timeoutMs: REVOKED_RPC_TIMEOUT_MS });
      const rebuilt = new TokenVersionTable();
      for (const { role, accountId, tokenVersion } of accounts) rebuilt.raise(`${role}:${accountId}`, tokenVersion);
      rebuilt.absorb(heard);
      this.versions = rebuilt;
    } finally {
      this.heardWhileLoading.delete(heard);
    }
  }

  onApplicationShutdown(): void {
    clearInterval(this.rebuild);
    this.resyncer.stop();
  }
}
