import { z } from 'zod';

/**
 * Secrets and passwords published with the shop (`npm start`, `.env.example`, the test harness,
 * the examples under `deploy/`). Anyone can read them, so in production they are no secret at all;
 * production-values.spec.ts checks every such value in those files is listed here.
 */
export const PUBLISHED_VALUES: ReadonlySet<string> = new Set([
  'development-only-secret-change-me-0123456789',
  'test-secret-test-secret-test-secret-0123',
  'replace-with-at-least-32-random-characters-0123456789',
  'replace-with-the-live-key-secret',
  'replace-with-the-webhook-secret',
  'replace-with-the-client-secret',
  'sandbox-key-secret-not-for-real-money',
  'sandbox-webhook-secret-not-for-real-money',
  'Admin@12345',
  'Replace-Me-2025!',
]);

export const SECRET_MIN_LENGTH = 32;

/** Bits per character of the value's own character frequencies (Shannon). */
function bitsPerCharacter(value: string): number {
  const counts = new Map<string, number>();
  for (const c of value) counts.set(c, (counts.get(c) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) bits -= (n / value.length) * Math.log2(n / value.length);
  return bits;
}

/** True when the value is a shorter piece said over and over ("abcabcab"). */
function repeatsAPattern(value: string): boolean {
  for (let period = 1; period <= value.length / 2; period++) {
    let repeats = true;
    for (let i = period; i < value.length && repeats; i++) repeats = value[i] === value[i - period];
    if (repeats) return true;
  }
  return false;
}

/**
 * Why a secret must not be used in production, or undefined when it may. Random values pass:
 * 32 random hex characters score at least about 2.8 bits per character by their own frequencies, base64 more.
 */
export function secretProblem(value: string, minLength = SECRET_MIN_LENGTH): string | undefined {
  if (PUBLISHED_VALUES.has(value))
    return 'is a development or example value published with the shop; set a secret of your own';
  if (value.length < minLength) return `must be at least ${minLength} characters in production`;
  if (new Set(value).size < 8 || bitsPerCharacter(value) < 2.5 || repeatsAPattern(value))
    return 'is too easy to guess (too few different characters, or a repeated pattern); use a random value such as `openssl rand -base64 48`';
  return undefined;
}

/** Why a password must not be used in production, or undefined when it may. */
export const passwordProblem = (value: string): string | undefined =>
  PUBLISHED_VALUES.has(value)
    ? 'is a development or example password published with the shop; set one of your own'
    : undefined;

export interface ProductionValues {
  /** Secrets and the shortest length each may have (SECRET_MIN_LENGTH unless said). */
  secrets?: Record<string, number | undefined>;
  passwords?: string[];
}

/**
 * Adds the production rule to an environment schema: with NODE_ENV=production, a published,
 * short or guessable secret, or a published password, stops the start naming the variable.
 * Variables that are not set are left to the schema.
 */
export function refuseDevelopmentValuesInProduction<S extends z.ZodTypeAny>(
  schema: S,
  values: ProductionValues,
) {
  return schema.superRefine((env: Record<string, unknown>, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    const check = (name: string, problem: (v: string) => string | undefined) => {
      const value = env[name];
      const message = typeof value === 'string' ? problem(value) : undefined;
      if (message) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [name], message: `${name} ${message}` });
    };
    for (const [name, minLength] of Object.entries(values.secrets ?? {}))
      check(name, (v) => secretProblem(v, minLength));
    for (const name of values.passwords ?? []) check(name, passwordProblem);
  });
}
