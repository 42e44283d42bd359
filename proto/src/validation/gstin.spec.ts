import { GSTIN_MESSAGES, gstinCheckCharacter, gstinProblem, gstinState } from './gstin';

/** A well-formed GSTIN for a PAN in a state: the check character computed. */
const gstin = (code: string, pan = 'AAACM1234F', entity = '1Z') =>
  `${code}${pan}${entity}${gstinCheckCharacter(`${code}${pan}${entity}`)}`;

describe('GSTIN', () => {
  it('accepts published GSTINs with their check characters', () => {
    // The GSTN's own example GSTIN (Maharashtra), and one of Tamil Nadu.
    expect(gstinProblem('27AAPFU0939F1ZV')).toBeNull();
    expect(gstinProblem('33AAACH7409R1Z8')).toBeNull();
  });

  it('refuses a GSTIN that is not 15 characters with the length', () => {
    expect(gstinProblem('27AAACT2727Q1Z')).toBe(GSTIN_MESSAGES.length);
  });

  it('refuses lower-case letters and symbols', () => {
    expect(gstinProblem('27aaact2727q1zw')).toBe(GSTIN_MESSAGES.characters);
  });

  it('refuses a state code GST does not issue', () => {
    expect(gstinProblem(gstin('00'))).toBe(GSTIN_MESSAGES.stateCode);
    expect(gstinProblem(gstin('25'))).toBe(GSTIN_MESSAGES.stateCode);
  });

  it('refuses a middle that is not shaped like a PAN', () => {
    expect(gstinProblem(gstin('27', 'AAAC12345F'))).toBe(GSTIN_MESSAGES.pan);
  });

  it('refuses a 14th character other than Z', () => {
    expect(gstinProblem(gstin('27', 'AAACM1234F', '1A'))).toBe(GSTIN_MESSAGES.entity);
  });

  it('refuses a wrong check character', () => {
    const good = gstin('27');
    const wrong = good.slice(0, 14) + (good[14] === 'A' ? 'B' : 'A');
    expect(gstinProblem(wrong)).toBe(GSTIN_MESSAGES.checkCharacter);
  });

  it('refuses a GSTIN of another state than the address, naming both', () => {
    expect(gstinProblem(gstin('27'), 'Karnataka')).toBe(
      'GSTIN is registered in Maharashtra (state code 27), but the delivery address is in Karnataka',
    );
    expect(gstinProblem(gstin('27'), 'Maharashtra')).toBeNull();
    expect(gstinProblem(gstin('37'), 'Andhra Pradesh')).toBeNull();
  });

  it('names the state a GSTIN is registered in', () => {
    expect(gstinState('33AAACH7409R1Z8')).toBe('Tamil Nadu');
  });
});
