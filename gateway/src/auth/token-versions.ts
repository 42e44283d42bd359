/**
 * The version rule: a token carries its account's token version as of signing (`ver`), and opens
 * routes only while no revocation (logout, password change or reset, deactivation) has raised the
 * account's version past it. Tokens signed before versions existed carry none and count as 0, so
 * they keep working until the account's first revocation.
 */
export function tokenVersionOf(claims: { ver?: unknown }): number {
  const { ver } = claims;
  return typeof ver === 'number' && Number.isSafeInteger(ver) && ver >= 0 ? ver : 0;
}

/** A newer token than the version held is fine: it was signed after a revocation not heard of yet. */
export function isRevoked(tokenVersion: number, currentVersion: number): boolean {
  return tokenVersion < currentVersion;
}

/**
 * The accounts' current token versions; an account not held has never been revoked (version 0).
 * Versions only grow, so a late or repeated report never lowers the one held.
 */
export class TokenVersionTable {
  private readonly versions = new Map<string, number>();

  get size(): number {
    return this.versions.size;
  }

  current(key: string): number {
    return this.versions.get(key) ?? 0;
  }

  raise(key: string, version: number): void {
    if (version > this.current(key)) this.versions.set(key, version);
  }

  absorb(other: TokenVersionTable): void {
    for (const [key, version] of other.versions) this.raise(key, version);
  }
}
