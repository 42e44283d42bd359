import { Inject, Injectable } from '@nestjs/common';
import { RpcError, SERVICE_CONFIG } from '@shop/kit';
import { tooManyLoginAttempts } from '@shop/proto';
import { DataSource, EntityManager, LessThan } from 'typeorm';
import type { UserConfig } from '../config/user-config';
import { SettingsService } from '../settings/settings.service';
import { LoginAttemptEntity, LoginRealm } from './login-attempt.entity';
import { LockRule, lockedUntil, lookBackMs, minutesLeft } from './lockout';

/** Advisory-lock classes, so an account key and an IP never share a lock by accident. */
const ACCOUNT_LOCK = 1;
const IP_LOCK = 2;

/** Per IP, this many times the per-account limit locks every login from that address. */
export const IP_FAILURE_FACTOR = 4;

export interface LoginTarget {
  realm: LoginRealm;
  accountKey: string;
  ip?: string | null;
}

/**
 * Limits failed logins per account and per IP. An attempt is recorded (as a failure) before the
 * password is checked and marked succeeded afterwards, so parallel guesses count against each other.
 */
@Injectable()
export class LoginAttemptsService {
  private readonly windowMs: number;

  constructor(
    private readonly dataSource: DataSource,
    private readonly settings: SettingsService,
    @Inject(SERVICE_CONFIG) config: UserConfig,
  ) {
    this.windowMs = config.LOGIN_LOCK_MINUTES * 60_000;
  }

  /**
   * Runs `verify` unless the account or the IP is locked (429). Returns what `verify` said; a
   * success clears the account's failures, unless `signsIn` is false: a right password with a
   * second step still to come leaves the failures, so wrong codes add up to the lock-out however
   * often the password is entered again.
   */
  async attempt(
    target: LoginTarget,
    verify: () => Promise<boolean>,
    options: { signsIn?: boolean } = {},
  ): Promise<boolean> {
    const attemptId = await this.begin(target, new Date());
    const ok = await verify();
    if (ok) await this.succeed(attemptId, target, options.signsIn ?? true);
    return ok;
  }

  /** The back office's "max login attempts" decides how many failures lock; it is read per attempt. */
  private async rules(): Promise<{ account: LockRule; ip: LockRule }> {
    const { maxLoginAttempts } = await this.settings.current();
    return {
      account: { maxFailures: maxLoginAttempts, windowMs: this.windowMs },
      ip: { maxFailures: IP_FAILURE_FACTOR * maxLoginAttempts, windowMs: this.windowMs },
    };
  }

  private async begin(target: LoginTarget, now: Date): Promise<string> {
    const rules = await this.rules();
    return this.dataSource.transaction(async (manager) => {
      const lock = (kind: number, key: string) =>
        manager.query(`SELECT pg_advisory_xact_lock($1, hashtext($2))`, [kind, `${target.realm}:${key}`]);
      await lock(ACCOUNT_LOCK, target.accountKey);
      if (target.ip) await lock(IP_LOCK, target.ip);
      const since = new Date(now.getTime() - lookBackMs(rules.account));
      await manager.delete(LoginAttemptEntity, { attemptedAt: LessThan(since) });

      const until = await this.lockEnd(manager, target, since, rules);
      if (until && until > now) throw RpcError.tooMany(tooManyLoginAttempts(minutesLeft(until, now)));

      const row = await manager.save(
        manager.create(LoginAttemptEntity, {
          realm: target.realm,
          accountKey: target.accountKey,
          ip: target.ip ?? null,
          attemptedAt: now,
        }),
      );
      return row.id;
    });
  }

  private async lockEnd(
    manager: EntityManager,
    target: LoginTarget,
    since: Date,
    rules: { account: LockRule; ip: LockRule },
  ): Promise<Date | null> {
    const failures = (rows: { attempted_at: Date }[]) => rows.map((r) => r.attempted_at);
    const account = await manager.query(
      `SELECT attempted_at FROM login_attempts
        WHERE realm = $1 AND account_key = $2 AND NOT succeeded AND NOT cleared AND attempted_at >= $3`,
      [target.realm, target.accountKey, since],
    );
    const ends = [lockedUntil(failures(account), rules.account)];
    if (target.ip) {
      const ip = await manager.query(
        `SELECT attempted_at FROM login_attempts WHERE realm = $1 AND ip = $2 AND NOT succeeded AND attempted_at >= $3`,
        [target.realm, target.ip, since],
      );
      ends.push(lockedUntil(failures(ip), rules.ip));
    }
    return ends.reduce<Date | null>((latest, end) => (end && (!latest || end > latest) ? end : latest), null);
  }

  /** Lifts the account's lock-out (a password reset proves the owner); per-IP counting still sees the failures. */
  async clearAccount(manager: EntityManager, target: Omit<LoginTarget, 'ip'>): Promise<void> {
    await manager.query(
      `UPDATE login_attempts SET cleared = true WHERE realm = $1 AND account_key = $2 AND NOT succeeded AND NOT cleared`,
      [target.realm, target.accountKey],
    );
  }

  private async succeed(attemptId: string, target: LoginTarget, signsIn: boolean): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.update(LoginAttemptEntity, { id: attemptId }, { succeeded: true });
      if (signsIn) await this.clearAccount(manager, target);
    });
  }
}
