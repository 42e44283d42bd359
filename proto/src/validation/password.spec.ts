import { passwordScore, passwordStrength, strongPasswordProblems } from './password';

describe('password strength (storefront spec, section 4)', () => {
  it('scores the five checks: length 8, lowercase, uppercase, number, special character', () => {
    expect(passwordScore('')).toBe(0);
    expect(passwordScore('abc')).toBe(1);
    expect(passwordScore('abcdefgh')).toBe(2);
    expect(passwordScore('Abcdefg1!')).toBe(5);
  });

  it('calls 4 or more strong, 2-3 medium, below 2 poor, and empty none', () => {
    expect(passwordStrength('')).toBe('none');
    expect(passwordStrength('abc')).toBe('poor');
    expect(passwordStrength('abcdefgh')).toBe('medium');
    expect(passwordStrength('Abcdefgh1')).toBe('strong');
  });

  it('lists each missing part of a strong password', () => {
    expect(strongPasswordProblems('abcdefgh')).toEqual([
      'Password must contain an uppercase letter',
      'Password must contain a number',
      'Password must contain a symbol',
    ]);
    expect(strongPasswordProblems('Abcdef1!')).toEqual([]);
  });
});
