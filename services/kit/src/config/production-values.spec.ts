import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import {
  PUBLISHED_VALUES,
  passwordProblem,
  refuseDevelopmentValuesInProduction,
  secretProblem,
} from './production-values';
import { ConfigError, loadConfig } from './service-config';

const ROOT = join(__dirname, '..', '..', '..', '..');

describe('secrets in production', () => {
  it.each([...PUBLISHED_VALUES])('refuses the published value %p', (value) => {
    expect(secretProblem(value)).toMatch(/development or example value/);
  });

  it('refuses a secret shorter than 32 characters, or than the length asked', () => {
    expect(secretProblem(randomBytes(12).toString('base64'))).toBe(
      'must be at least 32 characters in production',
    );
    expect(secretProblem(randomBytes(9).toString('base64'), 20)).toBe(
      'must be at least 20 characters in production',
    );
  });

  it.each([
    ['one character', 'a'.repeat(40)],
    ['few different characters', 'abcabcabbacbacbacabcbabcacbabcacbcabacbcba'],
    ['a repeated word', 'password'.repeat(5)],
    ['a repeated pattern with a tail', 'Zq3!vB9#xT'.repeat(4) + 'Zq3'],
    ['mostly one character', 'a'.repeat(30) + '0123456789'],
  ])('refuses a guessable secret: %s', (_, value) => {
    expect(secretProblem(value)).toMatch(/too easy to guess/);
  });

  it('accepts random secrets as `openssl rand` makes them', () => {
    for (let i = 0; i < 2000; i++) {
      expect(secretProblem(randomBytes(16).toString('hex'))).toBeUndefined();
      expect(secretProblem(randomBytes(48).toString('base64'))).toBeUndefined();
      expect(secretProblem(randomBytes(15).toString('base64url'), 20)).toBeUndefined();
    }
  });

  it('refuses only published passwords: the admin may choose any password the schema allows', () => {
    expect(passwordProblem('Admin@12345')).toMatch(/example password/);
    expect(passwordProblem('Replace-Me-2025!')).toMatch(/example password/);
    expect(passwordProblem('Correct-Horse-42')).toBeUndefined();
  });

  it('lists every secret and admin password written in the repository', () => {
    const files = [
      'scripts/start.mjs',
      '.env.example',
      'deploy/compose.env.example',
      'e2e/harness/backend.ts',
      ...readdirSync(join(ROOT, 'deploy', 'overlays')).map((o) => `deploy/overlays/${o}/secret.example.yaml`),
    ];
    const written = files.flatMap((file) =>
      [
        ...readFileSync(join(ROOT, file), 'utf8').matchAll(
          /\b(?:JWT_SECRET|ADMIN_PASSWORD|RAZORPAY_\w*SECRET|GOOGLE_CLIENT_SECRET|TEST_JWT_SECRET)[ \t]*[:=][ \t]*'?([^\s',]+)/g,
        ),
      ]
        .map((m) => m[1])
        // A name (TEST_JWT_SECRET, ${JWT_SECRET...}) refers to a value written elsewhere.
        .filter((value) => !/^[A-Za-z_$][\w$.{]*$/.test(value)),
    );
    expect(written.length).toBeGreaterThanOrEqual(8);
    for (const value of written) expect(PUBLISHED_VALUES).toContain(value);
  });
});

describe('refuseDevelopmentValuesInProduction', () => {
  const schema = refuseDevelopmentValuesInProduction(
    z.object({
      NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
      JWT_SECRET: z.string(),
      ADMIN_PASSWORD: z.string().optional(),
      KEY_SECRET: z.string().optional(),
    }),
    { secrets: { JWT_SECRET: undefined, KEY_SECRET: 20 }, passwords: ['ADMIN_PASSWORD'] },
  );
  const load = (env: Record<string, string>) => loadConfig(schema, env);
  const good = randomBytes(32).toString('base64');

  it('lets development and tests start with the published values', () => {
    for (const NODE_ENV of ['development', 'test'])
      expect(
        load({
          NODE_ENV,
          JWT_SECRET: 'development-only-secret-change-me-0123456789',
          ADMIN_PASSWORD: 'Admin@12345',
        }),
      ).toMatchObject({
        JWT_SECRET: 'development-only-secret-change-me-0123456789',
      });
  });

  it('stops production naming each variable that holds a development, short or guessable value', () => {
    const run = () =>
      load({
        NODE_ENV: 'production',
        JWT_SECRET: 'development-only-secret-change-me-0123456789',
        ADMIN_PASSWORD: 'Admin@12345',
        KEY_SECRET: 'short',
      });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(/JWT_SECRET: JWT_SECRET is a development or example value/);
    expect(run).toThrow(/ADMIN_PASSWORD: ADMIN_PASSWORD is a development or example password/);
    expect(run).toThrow(/KEY_SECRET: KEY_SECRET must be at least 20 characters/);
    expect(() => load({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(64) })).toThrow(
      /JWT_SECRET is too easy to guess/,
    );
  });

  it('lets production start with its own values, and leaves unset optional ones alone', () => {
    expect(
      load({ NODE_ENV: 'production', JWT_SECRET: good, ADMIN_PASSWORD: 'Correct-Horse-42' }).JWT_SECRET,
    ).toBe(good);
  });
});
