import { derivedKey } from '@shop/kit';
import { SealedSecrets } from './sealed-secrets';

const SECRET = 'test-secret-test-secret-test-secret-0123';
const secrets = new SealedSecrets(derivedKey(SECRET, 'shop admin authenticator secrets'));
const ADMIN = '6f1c2b4e-8d3a-4c5b-9e7f-0a1b2c3d4e5f';
const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('sealed authenticator secrets', () => {
  it('opens what it sealed for the same admin, and never stores the secret as it is', () => {
    const sealed = secrets.seal(TOTP_SECRET, ADMIN);
    expect(sealed).not.toContain(TOTP_SECRET);
    expect(secrets.open(sealed, ADMIN)).toBe(TOTP_SECRET);
  });

  it('seals the same secret differently each time', () => {
    expect(secrets.seal(TOTP_SECRET, ADMIN)).not.toBe(secrets.seal(TOTP_SECRET, ADMIN));
  });

  it('does not open for another admin, under another key, or once altered', () => {
    const sealed = secrets.seal(TOTP_SECRET, ADMIN);
    expect(secrets.open(sealed, ADMIN.replace('6f1c', '7f1c'))).toBeNull();
    expect(
      new SealedSecrets(derivedKey(`${SECRET}-rotated`, 'shop admin authenticator secrets')).open(
        sealed,
        ADMIN,
      ),
    ).toBeNull();
    const [version, iv, tag, body] = sealed.split('.');
    const flipped = `${body[0] === 'A' ? 'B' : 'A'}${body.slice(1)}`;
    expect(secrets.open([version, iv, tag, flipped].join('.'), ADMIN)).toBeNull();
    expect(secrets.open('not sealed', ADMIN)).toBeNull();
  });
});
