/** The five checks behind the storefront's strength meter (storefront spec, section 4). */
const CHECKS: RegExp[] = [/^.{8,}$/, /[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/];

/** The same five checks with the words the storefront's meter lists beside them. */
export const PASSWORD_CHECKS: ReadonlyArray<{ label: string; pattern: RegExp }> = [
  'At least 8 characters',
  'A lowercase letter',
  'An uppercase letter',
  'A number',
  'A special character',
].map((label, index) => ({ label, pattern: CHECKS[index] }));

export type PasswordStrength = 'none' | 'poor' | 'medium' | 'strong';

export function passwordScore(password: string): number {
  return CHECKS.filter((check) => check.test(password)).length;
}

export function passwordStrength(password: string): PasswordStrength {
  if (!password) return 'none';
  const score = passwordScore(password);
  if (score >= 4) return 'strong';
  if (score >= 2) return 'medium';
  return 'poor';
}

/**
 * The back office's "strong passwords" rule: at least 8 characters with uppercase, lowercase,
 * numbers and symbols. Returns one message per missing part.
 */
export function strongPasswordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < 8) problems.push('Password must be at least 8 characters long');
  if (!/[A-Z]/.test(password)) problems.push('Password must contain an uppercase letter');
  if (!/[a-z]/.test(password)) problems.push('Password must contain a lowercase letter');
  if (!/[0-9]/.test(password)) problems.push('Password must contain a number');
  if (!/[^A-Za-z0-9]/.test(password)) problems.push('Password must contain a symbol');
  return problems;
}
