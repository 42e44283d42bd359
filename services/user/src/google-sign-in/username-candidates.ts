import { randomInt } from 'node:crypto';

const MIN = 3;
const MAX = 30;
const SUFFIXES = 20;

/**
 * Usernames for an account registered through Google, best first: the e-mail's local part made to
 * fit the username rules (letters, numbers, dots, dashes and underscores; 3 to 30 characters), then
 * the same with a number, the last ones random so a crowded name still finds a free one.
 */
export function usernameCandidates(email: string): string[] {
  const local = email.split('@')[0] ?? '';
  let base = local.replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^[_.-]+|[_.-]+$/g, '');
  if (base.length < MIN) base = `${base || 'user'}_shop`.slice(0, MAX);
  const withSuffix = (suffix: string) => `${base.slice(0, MAX - suffix.length)}${suffix}`;
  return [
    base.slice(0, MAX),
    ...Array.from({ length: SUFFIXES - 1 }, (_, i) => withSuffix(String(i + 2))),
    ...Array.from({ length: 5 }, () => withSuffix(`_${randomInt(10_000, 100_000)}`)),
  ];
}
