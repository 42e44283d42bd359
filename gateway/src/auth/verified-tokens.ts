import * as jwt from 'jsonwebtoken';

/** passport-jwt's verifier: `JwtStrategy.JwtVerifier(token, key, options, done)`. */
export type JwtVerifier = (
  token: string,
  key: jwt.Secret,
  options: jwt.VerifyOptions,
  done: (err: jwt.VerifyErrors | null, payload?: jwt.JwtPayload | string) => void,
) => void;

/** About a day's customers of one gateway replica; beyond it the oldest verified token is forgotten. */
const DEFAULT_LIMIT = 10_000;

/**
 * Remembers the claims of tokens verified already, so a shopper's token is checked by signature
 * once, not on each of a checkout's requests: in issue 13's bench:checkout profile jsonwebtoken's
 * verify (the HMAC and two JSON decodes) was some 6% of the gateway's CPU. Only tokens that passed
 * the full verification are kept, under the exact token and the audience they were checked for,
 * and the signing key is fixed for the process, so a remembered token is one that would verify
 * again; what can change with time, expiry, is checked at every use, and an expired token is
 * verified afresh so that it is refused with jsonwebtoken's own error. The route's strategy still
 * checks that the token's session has not ended (EndedSessions) on every request.
 */
export class VerifiedTokens {
  /** By signing key: a token checked against one key says nothing of another (say, another gateway in the same process). */
  private readonly byKey = new WeakMap<object, Map<string, jwt.JwtPayload>>();

  constructor(
    private readonly verify: typeof jwt.verify = jwt.verify,
    private readonly limit = DEFAULT_LIMIT,
  ) {}

  readonly verifier: JwtVerifier = (token, key, options, done) => {
    const claims = this.claimsFor(key);
    const cacheKey = `${String(options.audience)} ${token}`;
    const known = claims?.get(cacheKey);
    if (known && !expired(known, options)) return done(null, known);
    let payload: jwt.JwtPayload | string;
    try {
      payload = this.verify(token, key, options);
    } catch (err) {
      if (known) claims!.delete(cacheKey);
      return done(err as jwt.VerifyErrors);
    }
    if (claims && typeof payload === 'object') {
      if (!claims.has(cacheKey) && claims.size >= this.limit) claims.delete(claims.keys().next().value!);
      claims.set(cacheKey, payload);
    }
    done(null, payload);
  };

  /** Only a key object (the gateway's KeyObject, made once by jwtKey) is remembered by; a string key is verified every time. */
  private claimsFor(key: jwt.Secret): Map<string, jwt.JwtPayload> | null {
    if (typeof key !== 'object') return null;
    let claims = this.byKey.get(key);
    if (!claims) this.byKey.set(key, (claims = new Map()));
    return claims;
  }
}

/** jsonwebtoken's own expiry rule: expired from the second `exp` names, give or take the tolerance. */
function expired(payload: jwt.JwtPayload, options: jwt.VerifyOptions): boolean {
  if (payload.exp === undefined || options.ignoreExpiration) return false;
  return Math.floor(Date.now() / 1000) >= payload.exp + (options.clockTolerance ?? 0);
}
