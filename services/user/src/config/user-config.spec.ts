import { ConfigError, loadServiceConfig } from '@shop/kit';
import { randomBytes } from 'node:crypto';
import { userEnvSchema } from './user-config';

const SECRET = randomBytes(32).toString('base64');
const load = (env: Record<string, string>) => loadServiceConfig('user', env, userEnvSchema);

describe('user service configuration', () => {
  it('defaults to 7-day customer tokens, 30-minute admin tokens, 5 attempts per 15 minutes and strong passwords', () => {
    const config = load({ JWT_SECRET: SECRET });
    expect(config).toMatchObject({
      CUSTOMER_TOKEN_TTL: 7 * 24 * 3600,
      ADMIN_TOKEN_TTL: 30 * 60,
      MAX_LOGIN_ATTEMPTS: 5,
      LOGIN_LOCK_MINUTES: 15,
      REQUIRE_STRONG_PASSWORDS: true,
    });
  });

  it('falls back to the development admin outside production', () => {
    for (const NODE_ENV of ['development', 'test']) {
      expect(load({ JWT_SECRET: SECRET, NODE_ENV })).toMatchObject({
        ADMIN_EMAIL: 'admin@msjaksh.in',
        ADMIN_PASSWORD: 'Admin@12345',
      });
    }
  });

  it('requires ADMIN_EMAIL and ADMIN_PASSWORD in production, naming them', () => {
    expect(() => load({ JWT_SECRET: SECRET, NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => load({ JWT_SECRET: SECRET, NODE_ENV: 'production' })).toThrow(
      /ADMIN_EMAIL: ADMIN_EMAIL is required in production/,
    );
    expect(() =>
      load({ JWT_SECRET: SECRET, NODE_ENV: 'production', ADMIN_EMAIL: 'boss@example.com' }),
    ).toThrow(/ADMIN_PASSWORD/);
    expect(
      load({
        JWT_SECRET: SECRET,
        NODE_ENV: 'production',
        ADMIN_EMAIL: 'Boss@Example.com',
        ADMIN_PASSWORD: 'S3cret!pass',
        SMTP_URL: 'smtps://shop:app-password@smtp.example.com:465',
      }),
    ).toMatchObject({
      ADMIN_EMAIL: 'boss@example.com',
    });
  });

  it('refuses in production the development JWT_SECRET, the example admin password and guessable secrets, naming each', () => {
    const production = {
      NODE_ENV: 'production',
      ADMIN_EMAIL: 'boss@example.com',
      ADMIN_PASSWORD: 'Correct-Horse-42',
      JWT_SECRET: SECRET,
      SMTP_URL: 'smtps://shop:app-password@smtp.example.com:465',
    };
    expect(() => load({ ...production, JWT_SECRET: 'development-only-secret-change-me-0123456789' })).toThrow(
      /JWT_SECRET: JWT_SECRET is a development or example value/,
    );
    expect(() =>
      load({ ...production, JWT_SECRET: 'replace-with-at-least-32-random-characters-0123456789' }),
    ).toThrow(/JWT_SECRET: JWT_SECRET is a development or example value/);
    expect(() => load({ ...production, JWT_SECRET: 'x'.repeat(32) })).toThrow(
      /JWT_SECRET: JWT_SECRET is too easy to guess/,
    );
    expect(() => load({ ...production, ADMIN_PASSWORD: 'Admin@12345' })).toThrow(
      /ADMIN_PASSWORD: ADMIN_PASSWORD is a development or example password/,
    );
    expect(load(production).JWT_SECRET).toBe(SECRET);
  });

  it('refuses a JWT_SECRET shorter than 32 characters', () => {
    expect(() => load({ JWT_SECRET: 'short' })).toThrow(
      /JWT_SECRET: JWT_SECRET must be at least 32 characters/,
    );
    expect(() => load({})).toThrow(/JWT_SECRET/);
  });

  it('reads token lifetimes with a unit and refuses bare numbers', () => {
    expect(load({ JWT_SECRET: SECRET, ADMIN_TOKEN_TTL: '45m', CUSTOMER_TOKEN_TTL: '12h' })).toMatchObject({
      ADMIN_TOKEN_TTL: 45 * 60,
      CUSTOMER_TOKEN_TTL: 12 * 3600,
    });
    expect(() => load({ JWT_SECRET: SECRET, ADMIN_TOKEN_TTL: '1800' })).toThrow(/ADMIN_TOKEN_TTL/);
    expect(() => load({ JWT_SECRET: SECRET, ADMIN_TOKEN_TTL: '0m' })).toThrow(/ADMIN_TOKEN_TTL/);
  });

  it('reads REQUIRE_STRONG_PASSWORDS as a flag', () => {
    expect(load({ JWT_SECRET: SECRET, REQUIRE_STRONG_PASSWORDS: 'false' }).REQUIRE_STRONG_PASSWORDS).toBe(
      false,
    );
    expect(() => load({ JWT_SECRET: SECRET, REQUIRE_STRONG_PASSWORDS: 'maybe' })).toThrow(
      /REQUIRE_STRONG_PASSWORDS/,
    );
  });

  it("sends mail through maildev's SMTP port outside production, and requires SMTP_URL in production", () => {
    expect(load({ JWT_SECRET: SECRET }).SMTP_URL).toBe('smtp://127.0.0.1:1025');
    expect(() =>
      load({
        JWT_SECRET: SECRET,
        NODE_ENV: 'production',
        ADMIN_EMAIL: 'boss@example.com',
        ADMIN_PASSWORD: 'Correct-Horse-42',
      }),
    ).toThrow(/SMTP_URL: SMTP_URL is required in production/);
    expect(() => load({ JWT_SECRET: SECRET, SMTP_URL: 'mail.example.com:25' })).toThrow(
      /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
  });

  it('retries mail from 2 s doubling to 60 s, 12 attempts, unless told otherwise, and refuses a ceiling below the first wait', () => {
    expect(load({ JWT_SECRET: SECRET })).toMatchObject({
      MAIL_RETRY_BASE_MS: 2000,
      MAIL_RETRY_MAX_MS: 60_000,
      MAIL_MAX_ATTEMPTS: 12,
    });
    expect(load({ JWT_SECRET: SECRET, MAIL_RETRY_BASE_MS: '100', MAIL_MAX_ATTEMPTS: '3' })).toMatchObject({
      MAIL_RETRY_BASE_MS: 100,
      MAIL_MAX_ATTEMPTS: 3,
    });
    expect(() => load({ JWT_SECRET: SECRET, MAIL_RETRY_BASE_MS: '5000', MAIL_RETRY_MAX_MS: '1000' })).toThrow(
      /MAIL_RETRY_MAX_MS must be at least MAIL_RETRY_BASE_MS/,
    );
    expect(() => load({ JWT_SECRET: SECRET, MAIL_MAX_ATTEMPTS: '0' })).toThrow(/MAIL_MAX_ATTEMPTS/);
  });
});
