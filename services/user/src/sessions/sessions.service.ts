import { Inject, Injectable } from '@nestjs/common';
import { EventPublisher, RpcError, SERVICE_CONFIG } from '@shop/kit';
import { AccountTokenVersion, EVENTS, Role, UserSessionsRevokedEvent } from '@shop/proto';
import { DataSource, EntityManager } from 'typeorm';
import { AdminEntity } from '../admins/admin.entity';
import type { UserConfig } from '../config/user-config';
import { UserEntity } from '../users/user.entity';

const ACCOUNTS = { customer: UserEntity, admin: AdminEntity } as const;

/**
 * Sessions are tokens, which cannot be taken back; instead each account has a token version that
 * every token carries. Raising it ends all the account's tokens issued before, and the gateway,
 * told by `user.sessions-revoked`, refuses them from then on.
 */
@Injectable()
export class SessionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventPublisher,
    @Inject(SERVICE_CONFIG) private readonly config: UserConfig,
  ) {}

  /**
   * Ends every session of the account, in the caller's transaction so the change that asked for it
   * (new password, deactivation) and the event announcing it commit together. Answers the new version.
   */
  async revoke(m: EntityManager, role: Role, accountId: string): Promise<number> {
    const result = await m
      .createQueryBuilder()
      .update(ACCOUNTS[role])
      .set({ tokenVersion: () => 'token_version + 1', sessionsRevokedAt: () => 'now()' })
      .where('id = :accountId', { accountId })
      .returning('token_version')
      .execute();
    const row = (result.raw as { token_version: number }[])[0];
    if (!row) throw RpcError.unauthorized();
    await this.events.publish<UserSessionsRevokedEvent>(m, EVENTS.userSessionsRevoked, {
      accountId,
      role,
      tokenVersion: row.token_version,
      revokedAt: new Date().toISOString(),
    });
    return row.token_version;
  }

  /** The customer signs out: this ends the account's sessions on every device. */
  logout(role: Role, accountId: string): Promise<number> {
    return this.dataSource.transaction((m) => this.revoke(m, role, accountId));
  }

  /**
   * The accounts that may still have unexpired tokens from before a revocation: customers revoked
   * within a customer token's lifetime (older tokens have expired anyway) and every admin ever
   * revoked (few, and the back office can lengthen its sessions).
   */
  async revokedSessions(): Promise<AccountTokenVersion[]> {
    const rows: { role: Role; id: string; token_version: number }[] = await this.dataSource.query(
      `SELECT 'customer' AS role, id, token_version FROM users
        WHERE sessions_revoked_at > now() - make_interval(secs => $1)
       UNION ALL
       SELECT 'admin' AS role, id, token_version FROM admins WHERE token_version > 0`,
      [this.config.CUSTOMER_TOKEN_TTL],
    );
    return rows.map((r) => ({ role: r.role, accountId: r.id, tokenVersion: r.token_version }));
  }
}
