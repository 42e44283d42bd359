/**
 * Lock-out rule: `maxFailures` failures within `windowMs` lock the account (or IP) for `windowMs`
 * from the failure that reached the limit. Attempts are refused while locked, so no failures are
 * recorded inside a lock and a lock cannot extend itself.
 */
export interface LockRule {
  maxFailures: number;
  windowMs: number;
}

/** When the lock these failures cause ends, or null when they cause none. */
export function lockedUntil(failures: readonly Date[], rule: LockRule): Date | null {
  const times = failures.map((d) => d.getTime()).sort((a, b) => a - b);
  let until: number | null = null;
  for (let last = rule.maxFailures - 1; last < times.length; last++) {
    const first = last - rule.maxFailures + 1;
    if (times[last] - times[first] < rule.windowMs) until = Math.max(until ?? 0, times[last] + rule.windowMs);
  }
  return until === null ? null : new Date(until);
}

/** Whole minutes left, rounded up, so the message never says 0 while the lock still holds. */
export function minutesLeft(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
}

/** How far back failures can still matter: a lock starting a window ago began from failures a window before that. */
export const lookBackMs = (rule: LockRule) => 2 * rule.windowMs;
