import * as jwt from 'jsonwebtoken';
import { createSecretKey } from 'node:crypto';
import { VerifiedTokens } from './verified-tokens';

const key = createSecretKey(Buffer.from('a-secret-long-enough-for-hs256-tokens', 'utf8'));
const options: jwt.VerifyOptions = { audience: 'shop-customer', algorithms: ['HS256'] };
const sign = (claims: object, expiresIn: number) => jwt.sign(claims, key, { audience: 'shop-customer', expiresIn });

/** Runs the verifier as passport-jwt does and answers its error or its claims. */
function check(tokens: VerifiedTokens, token: string, against = key, opts = options) {
  let answer: { err: Error | null; payload?: unknown } | undefined;
  tokens.verifier(token, against, opts, (err, payload) => (answer = { err, payload }));
  return answer!;
}

describe('VerifiedTokens', () => {
  afterEach(() => jest.useRealTimers());

  it('checks a token by signature once and answers its claims again from memory', () => {
    const verify = jest.fn(jwt.verify);
    const tokens = new VerifiedTokens(verify as unknown as typeof jwt.verify);
    const token = sign({ sub: 'u1' }, 3600);
    expect(check(tokens, token).payload).toMatchObject({ sub: 'u1' });
    expect(check(tokens, token).payload).toMatchObject({ sub: 'u1' });
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('refuses a remembered token once it has expired, with jsonwebtoken’s own error', () => {
    jest.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    const tokens = new VerifiedTokens();
    const token = sign({ sub: 'u1' }, 60);
    expect(check(tokens, token).err).toBeNull();
    jest.setSystemTime(new Date('2026-01-01T00:01:00Z'));
    expect(check(tokens, token).err).toBeInstanceOf(jwt.TokenExpiredError);
  });

  it('never answers a token from memory for another key or audience', () => {
    const tokens = new VerifiedTokens();
    const token = sign({ sub: 'u1' }, 3600);
    expect(check(tokens, token).err).toBeNull();
    const otherKey = createSecretKey(Buffer.from('another-secret-long-enough-for-hs256', 'utf8'));
    expect(check(tokens, token, otherKey).err).toBeInstanceOf(jwt.JsonWebTokenError);
    expect(check(tokens, token, key, { ...options, audience: 'shop-admin' }).err).toBeInstanceOf(jwt.JsonWebTokenError);
  });

  it('refuses a forged token however often it is sent', () => {
    const tokens = new VerifiedTokens();
    const [header, payload] = sign({ sub: 'u1' }, 3600).split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    expect(check(tokens, forged).err).toBeInstanceOf(jwt.JsonWebTokenError);
    expect(check(tokens, forged).err).toBeInstanceOf(jwt.JsonWebTokenError);
  });

  it('forgets the oldest token beyond its limit', () => {
    const verify = jest.fn(jwt.verify);
    const tokens = new VerifiedTokens(verify as unknown as typeof jwt.verify, 2);
    const [a, b, c] = ['a', 'b', 'c'].map((sub) => sign({ sub }, 3600));
    for (const token of [a, b, c, c, b]) check(tokens, token);
    expect(verify).toHaveBeenCalledTimes(3);
    check(tokens, a);
    expect(verify).toHaveBeenCalledTimes(4);
  });
});
