import { derivedKey } from '@shop/kit';
import { isRecoveryCode, normalizeSignInCode, RECOVERY_CODE_COUNT, twoFactorVerifySchema } from '@shop/proto';
import { newRecoveryCodes, RecoveryCodeHashes } from './recovery-codes';

const hashes = new RecoveryCodeHashes(
  derivedKey('test-secret-test-secret-test-secret-0123', 'shop admin recovery codes'),
);

describe('recovery codes', () => {
  it('makes ten different codes shown in three groups of four', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) {
      expect(code).toMatch(/^[a-hj-km-np-z2-9]{4}-[a-hj-km-np-z2-9]{4}-[a-hj-km-np-z2-9]{4}$/);
      expect(isRecoveryCode(normalizeSignInCode(code))).toBe(true);
    }
  });

  it('are accepted by the sign-in form as typed, with spaces, dashes or capitals', () => {
    const [code] = newRecoveryCodes(1);
    const typed = ` ${code.toUpperCase().replace(/-/g, ' ')} `;
    expect(twoFactorVerifySchema.parse({ challenge: 'c', code: typed }).code).toBe(code.replace(/-/g, ''));
  });

  it('hash the same however typed, and each code differently', () => {
    const [first, second] = newRecoveryCodes(2);
    expect(hashes.hash(first.toUpperCase())).toBe(hashes.hash(first.replace(/-/g, '')));
    expect(hashes.hash(first)).not.toBe(hashes.hash(second));
    expect(hashes.hash(first)).toMatch(/^[0-9a-f]{64}$/);
  });
});
