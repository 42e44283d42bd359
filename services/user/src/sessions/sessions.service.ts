import { Inject, Injectable } from '@nestjs/common';
import { EventPublisher, RpcError, SERVICE_CONFIG } from '@shop/kit';
import {
  EndedSession,
  EVENTS,
  MESSAGES,
  Role,
  SessionUse,
  SessionView,
  USER_AGENT_MAX_LENGTH,
  UserSessionsEndedEvent,
  uuidSchema,
} from '@shop/proto';
import { DataSource, EntityManager } from 'typeorm';
import type { UserConfig } from '../config/user-config';
import { SettingsService } from '../settings/settings.service';
import { deviceName } from './device-name';
import { TokenService } from './token.service';

/** Each role's accounts. */
const ACCOUNTS: Record<Role, string> = { customer: 'users', admin: 'admins' };

/** The most devices Settings lists, the most recently used first. */
export const SESSIONS_LISTED = 50;

/** The account a sign-in is for. */
export interface SessionAccount {
  role: Role;
  id: string;
}

export interface OpenOptions {
  /** The browser's User-Agent. */
  userAgent?: string;
  /**
   * The password hash the sign-in checked the password against. A different one under the lock
   * means the password changed meanwhile, and the sign-in is refused.
   */
  passwordHash?: string;
}

interface EndedRow {
  id: string;
  expires_at: Date;
}

/**
 * Sessions: one per sign-in, named by its tokens (`sid`). A session ends on its own (Sign Out, a
 * device signed out in Settings) or with all the account's others ("Sign out of all devices", a
 * password change or reset, a deactivation); `user.sessions-ended` tells every gateway replica,
 * which refuses its tokens from then on.
 */
@Injectable()
export class SessionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventPublisher,
    private readonly tokens: TokenService,
    private readonly settings: SettingsService,
    @Inject(SERVICE_CONFIG) private readonly config: UserConfig,
  ) {}

  /**
   * Opens a session for the account and answers its token; in the caller's transaction when given
   * one. The account is read again under a share lock: a password change, reset or deactivation
   * ends every session while holding the account's row, so a sign-in racing one either ends with
   * them or sees the new password (refused) or the deactivation (refused).
   */
  async open(account: SessionAccount, options: OpenOptions = {}, m?: EntityManager): Promise<string> {
    if (!m) return this.dataSource.transaction((tx) => this.open(account, options, tx));
    const [row]: { password_hash: string; is_active: boolean }[] = await m.query(
      `SELECT password_hash, ${account.role === 'customer' ? 'is_active' : 'true AS is_active'}
         FROM ${ACCOUNTS[account.role]} WHERE id = $1 FOR SHARE`,
      [account.id],
    );
    if (!row) throw RpcError.unauthorized();
    if (!row.is_active) throw RpcError.forbidden(MESSAGES.accountDisabled);
    if (options.passwordHash !== undefined && row.password_hash !== options.passwordHash) {
      throw RpcError.unauthorized(MESSAGES.invalidCredentials);
    }
    const lifetime =
      account.role === 'admin' ? (await this.settings.current(m)).adminSessionSeconds : this.config.CUSTOMER_TOKEN_TTL;
    // Whole seconds, as a token counts them: its lifetime is exactly the session's.
    const [session]: { id: string; created_at: Date; expires_at: Date }[] = await m.query(
      `INSERT INTO sessions (role, account_id, user_agent, created_at, last_used_at, expires_at)
       VALUES ($1, $2, $3, date_trunc('second', now()), date_trunc('second', now()),
               date_trunc('second', now()) + make_interval(secs => $4))
       RETURNING id, created_at, expires_at`,
      [account.role, account.id, options.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) || null, lifetime],
    );
    return this.tokens.sign(account.id, account.role, session.id, session.created_at, session.expires_at);
  }

  /** Sign Out: ends the caller's own session. Ending one that has ended already ends nothing. */
  endOwn(account: SessionAccount, sessionId: string | undefined): Promise<EndedSession[]> {
    if (!sessionId || !uuidSchema.safeParse(sessionId).success) return Promise.resolve([]);
    return this.dataSource.transaction((m) => this.end(m, account, `AND id = $3`, [sessionId]));
  }

  /** A device signed out from Settings: one of the account's sessions that is still open. */
  async endOne(account: SessionAccount, sessionId: string): Promise<EndedSession[]> {
    const ended = await this.endOwn(account, sessionId);
    if (!ended.length) throw RpcError.notFound(MESSAGES.sessionNotFound);
    return ended;
  }

  /**
   * Ends every open session of the account, in the caller's transaction when given one, so the
   * change that asked for it (new password, deactivation) and the event announcing it commit
   * together. The account's row is locked first, which holds off the sign-ins racing it (open).
   */
  async endAll(account: SessionAccount, m?: EntityManager): Promise<EndedSession[]> {
    if (!m) return this.dataSource.transaction((tx) => this.endAll(account, tx));
    const [row] = await m.query(`SELECT id FROM ${ACCOUNTS[account.role]} WHERE id = $1 FOR NO KEY UPDATE`, [account.id]);
    if (!row) throw RpcError.unauthorized();
    return this.end(m, account, '', []);
  }

  /** The account's open sessions, the most recently used first; `current` is the one asking. */
  async list(account: SessionAccount, currentSessionId: string | undefined): Promise<SessionView[]> {
    const rows: { id: string; user_agent: string | null; created_at: Date; last_used_at: Date }[] =
      await this.dataSource.query(
        `SELECT id, user_agent, created_at, last_used_at FROM sessions
          WHERE role = $1 AND account_id = $2 AND ended_at IS NULL AND expires_at > now()
          ORDER BY last_used_at DESC, created_at DESC, id
          LIMIT ${SESSIONS_LISTED}`,
        [account.role, account.id],
      );
    return rows.map((r) => ({
      id: r.id,
      device: deviceName(r.user_agent),
      createdAt: r.created_at.toISOString(),
      lastUsedAt: r.last_used_at.toISOString(),
      current: r.id === currentSessionId,
    }));
  }

  /** A gateway replica saw these sessions in use: "last used" moves forward, never past now. */
  async touch(uses: SessionUse[]): Promise<void> {
    if (!uses.length) return;
    await this.dataSource.query(
      `UPDATE sessions s SET last_used_at = GREATEST(s.last_used_at, LEAST(u.at, now()))
         FROM unnest($1::uuid[], $2::timestamptz[]) AS u(id, at)
        WHERE s.id = u.id AND s.ended_at IS NULL`,
      [uses.map((u) => u.id), uses.map((u) => u.at)],
    );
  }

  /** The sessions that ended before their tokens expired: the gateway refuses those tokens. */
  async endedSessions(): Promise<EndedSession[]> {
    const rows: EndedRow[] = await this.dataSource.query(
      `SELECT id, expires_at FROM sessions WHERE ended_at IS NOT NULL AND expires_at > now()`,
    );
    return rows.map(toEnded);
  }

  /**
   * Forgets sessions whose tokens expired a day ago or more (the day covers clocks a little
   * apart), a batch per statement; answers how many.
   */
  async forgetExpired(batch: number): Promise<number> {
    const rows: unknown[] = await this.dataSource.query(
      `WITH gone AS (
         DELETE FROM sessions WHERE id IN (
           SELECT id FROM sessions WHERE expires_at < now() - interval '1 day' LIMIT $1 FOR UPDATE SKIP LOCKED)
         RETURNING id)
       SELECT id FROM gone`,
      [batch],
    );
    return rows.length;
  }

  private async end(m: EntityManager, account: SessionAccount, which: string, params: unknown[]): Promise<EndedSession[]> {
    // A SELECT around the UPDATE: TypeORM answers a bare UPDATE with [rows, count], not the rows.
    const rows: EndedRow[] = await m.query(
      `WITH ended AS (
         UPDATE sessions SET ended_at = now()
          WHERE role = $1 AND account_id = $2 AND ended_at IS NULL AND expires_at > now() ${which}
          RETURNING id, expires_at)
       SELECT id, expires_at FROM ended`,
      [account.role, account.id, ...params],
    );
    const ended = rows.map(toEnded);
    if (ended.length) {
      await this.events.publish<UserSessionsEndedEvent>(m, EVENTS.userSessionsEnded, {
        accountId: account.id,
        role: account.role,
        sessions: ended,
        endedAt: new Date().toISOString(),
      });
    }
    return ended;
  }
}

const toEnded = (r: EndedRow): EndedSession => ({ id: r.id, expiresAt: r.expires_at.toISOString() });
