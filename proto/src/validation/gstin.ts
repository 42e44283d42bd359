import { GST_STATE_CODES, gstStateCodeOf } from '../india';

export const GSTIN_LENGTH = 15;

export const GSTIN_MESSAGES = {
  length: `GSTIN must be ${GSTIN_LENGTH} characters`,
  characters: 'GSTIN may hold only digits and capital letters',
  stateCode: 'GSTIN must start with a valid state code (01 to 38)',
  pan: 'GSTIN characters 3 to 12 must be the PAN: 5 letters, 4 digits and a letter',
  entity: 'GSTIN character 13 must be 1 to 9 or a letter, and character 14 must be Z',
  checkCharacter:
    'GSTIN check character (the last) does not match: please check the number for a typing mistake',
  stateMismatch: (registeredIn: string, code: string, addressState: string) =>
    `GSTIN is registered in ${registeredIn} (state code ${code}), but the delivery address is in ${addressState}`,
} as const;

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The check character of a GSTIN's first 14 characters: GSTN's mod-36 scheme, each character's
 * value (0-9, A-Z as 10-35) weighted 1 and 2 alternately, the product's base-36 digits summed.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    const product = ALPHABET.indexOf(first14[i]) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET[(36 - (sum % 36)) % 36];
}

/** A GSTIN as typed: spaces dropped, upper-cased. */
export const normalizeGstin = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/**
 * What is wrong with a GSTIN, in words that name the part (length, state code, PAN, check
 * character), or null when it is well formed. With `state`, the GSTIN must also be registered in
 * that state (a buyer's place of supply).
 */
export function gstinProblem(gstin: string, state?: string): string | null {
  if (gstin.length !== GSTIN_LENGTH) return GSTIN_MESSAGES.length;
  if (!/^[0-9A-Z]+$/.test(gstin)) return GSTIN_MESSAGES.characters;
  const code = gstin.slice(0, 2);
  if (!GST_STATE_CODES[code]) return GSTIN_MESSAGES.stateCode;
  if (!/^[A-Z]{5}\d{4}[A-Z]$/.test(gstin.slice(2, 12))) return GSTIN_MESSAGES.pan;
  if (!/^[1-9A-Z]Z$/.test(gstin.slice(12, 14))) return GSTIN_MESSAGES.entity;
  if (gstinCheckCharacter(gstin) !== gstin[14]) return GSTIN_MESSAGES.checkCharacter;
  if (state !== undefined && gstStateCodeOf(state) !== code)
    return GSTIN_MESSAGES.stateMismatch(GST_STATE_CODES[code], code, state);
  return null;
}

/** The state a well-formed GSTIN is registered in. */
export const gstinState = (gstin: string): string | null => GST_STATE_CODES[gstin.slice(0, 2)] ?? null;
