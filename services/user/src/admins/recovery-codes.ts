import { createHmac, KeyObject, randomInt } from 'node:crypto';
import { normalizeSignInCode, RECOVERY_CODE_COUNT } from '@shop/proto';

/** Letters and digits that cannot be misread for one another (no i, l, o, 0, 1). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const LENGTH = 12;

/** A fresh set, shown as `abcd-efgh-jkmn`: 12 characters of 31 (59 bits) each. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const code = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return code.match(/.{4}/g)!.join('-');
  });
}

/**
 * How recovery codes are stored: an HMAC-SHA256 under a key derived from JWT_SECRET, hex. A
 * stolen database alone gives no way to test guesses; the codes are random enough that no slow
 * hash is needed, so a sign-in compares one digest. A code is hashed as typed once spaces, dashes
 * and case are set aside.
 */
export class RecoveryCodeHashes {
  constructor(private readonly key: KeyObject) {}

  hash(code: string): string {
    return createHmac('sha256', this.key).update(normalizeSignInCode(code)).digest('hex');
  }
}
