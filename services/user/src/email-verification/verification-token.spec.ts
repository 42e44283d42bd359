import { derivedKey } from '@shop/kit';
import { VerificationTokens } from './verification-token';

const SECRET = 'test-secret-test-secret-test-secret-0123';
const USER = '0b7a3c9e-2f41-4d5a-9c6e-1a2b3c4d5e6f';
const tokens = new VerificationTokens(derivedKey(SECRET, 'shop e-mail verification links'));
const inADay = new Date(Date.now() + 24 * 3600_000);

describe('verification link tokens', () => {
  it('reads back the account, the address tag and the expiry of a token it signed', () => {
    const reading = tokens.read(tokens.sign(USER, 'asha@example.com', inADay));
    expect(reading).toEqual({
      ok: true,
      claims: {
        userId: USER,
        addressTag: tokens.addressTag('asha@example.com'),
        expiresAt: new Date(Math.floor(inADay.getTime() / 1000) * 1000),
      },
    });
  });

  it('carries no e-mail address, and tags another address differently', () => {
    const token = tokens.sign(USER, 'asha@example.com', inADay);
    expect(token).not.toContain('asha');
    expect(tokens.addressTag('asha@example.com')).not.toBe(tokens.addressTag('asha.k@example.com'));
  });

  it('calls a token past its expiry expired', () => {
    const token = tokens.sign(USER, 'asha@example.com', new Date(Date.now() - 1000));
    expect(tokens.read(token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a token whose expiry, account or tag was changed, or that another key signed', () => {
    const token = tokens.sign(USER, 'asha@example.com', inADay);
    const [user, expires, tag, signature] = token.split('.');
    const later = `${user}.${Number(expires) + 3600}.${tag}.${signature}`;
    const other = `${USER.replace('0b7a', '1b7a')}.${expires}.${tag}.${signature}`;
    const retagged = `${user}.${expires}.${tokens.addressTag('eve@example.com')}.${signature}`;
    const foreign = new VerificationTokens(derivedKey(SECRET, 'shop artwork links')).sign(
      USER,
      'asha@example.com',
      inADay,
    );
    for (const forged of [later, other, retagged, foreign])
      expect(tokens.read(forged)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses malformed tokens', () => {
    for (const broken of [
      '',
      'abc',
      'a.b.c.d',
      `${USER}.soon.tag.sig`,
      `${USER}.1.short.sig`,
      `${tokens.sign(USER, 'a@b.in', inADay)}.x`,
    ])
      expect(tokens.read(broken)).toEqual({ ok: false, reason: 'invalid' });
  });
});
