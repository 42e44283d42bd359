import { type BaseConfig, refuseDevelopmentValuesInProduction } from '@shop/kit';
import { z } from 'zod';

/** Token lifetimes are written with a unit ("30m", "7d"): a bare number is ambiguous between seconds and ms. */
const DURATION_UNITS = { s: 1, m: 60, h: 3600, d: 86_400 } as const;
const duration = z
  .string()
  .regex(/^\d+[smhd]$/, 'must be a number with a unit s, m, h or d (e.g. 30m, 7d)')
  .transform((v) => Number(v.slice(0, -1)) * DURATION_UNITS[v.slice(-1) as keyof typeof DURATION_UNITS])
  .refine((seconds) => seconds > 0, 'must be longer than 0');

const flag = z
  .enum(['true', 'false', '1', '0'], { errorMap: () => ({ message: 'must be true or false' }) })
  .transform((v) => v === 'true' || v === '1');

/** maildev's SMTP port, which `npm start` and the test harness run: the relay outside production. */
export const DEVELOPMENT_SMTP_URL = 'smtp://127.0.0.1:1025';

/** Only a developer's machine and the test harness may fall back to a well-known admin account. */
export const DEVELOPMENT_ADMIN = { email: 'admin@msjaksh.in', password: 'Admin@12345' } as const;

const userEnvironment = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    /** Shared with the gateway, which verifies the tokens this service signs. */
    JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters'),
    CUSTOMER_TOKEN_TTL: duration.default('7d'),
    /** The back office's session timeout (30 minutes by default). */
    ADMIN_TOKEN_TTL: duration.default('30m'),
    /** How long an e-mail verification link works (24 hours; a test shortens it to see one expire). */
    EMAIL_VERIFICATION_TTL: duration.default('24h'),
    ADMIN_EMAIL: z.string().trim().toLowerCase().email('must be an e-mail address').optional(),
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
    REQUIRE_STRONG_PASSWORDS: flag.default('true'),
    /** Failed logins per account within LOGIN_LOCK_MINUTES before it is locked for that long. */
    MAX_LOGIN_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(5),
    LOGIN_LOCK_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(15),
    /**
     * The SMTP relay every mail goes out through, e.g. smtps://user:pass@smtp.example.com:465.
     * Required in production; elsewhere maildev's SMTP port on this machine (`npm start` runs it).
     */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).max(200).default('MS & Jaksh <no-reply@msjaksh.in>'),
    /** The wait after a mail's first failed attempt; it doubles with each further one, up to MAIL_RETRY_MAX_MS. */
    MAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(2_000),
    MAIL_RETRY_MAX_MS: z.coerce.number().int().min(10).max(86_400_000).default(60_000),
    /** Attempts at a mail before it is dead-lettered (state `dead`). */
    MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(1_000).default(12),
    /** Mails one replica sends at once. */
    MAIL_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
    /**
     * How long a replica's claim on a mail holds: a replica that dies while sending leaves its mail
     * to the others (or to itself, restarted) after this.
     */
    MAIL_LEASE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
    /** How often a replica looks for due mail without being woken (a retry's time, a lapsed lease). */
    MAIL_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(5_000),
    /** The storefront's address, for the links in e-mails. */
    PUBLIC_URL: z
      .string()
      .url('must be a URL')
      .transform((v) => v.replace(/\/+$/, ''))
      .default('http://localhost:8080'),
  })
  .superRefine((env, ctx) => {
    if (env.MAIL_RETRY_MAX_MS < env.MAIL_RETRY_BASE_MS) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['MAIL_RETRY_MAX_MS'],
        message: 'MAIL_RETRY_MAX_MS must be at least MAIL_RETRY_BASE_MS',
      });
    }
    if (env.NODE_ENV !== 'production') return;
    for (const name of ['ADMIN_EMAIL', 'ADMIN_PASSWORD', 'SMTP_URL'] as const) {
      if (env[name]) continue;
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: [name],
        message: `${name} is required in production`,
      });
    }
  })
  .transform((env) => ({
    ...env,
    ADMIN_EMAIL: env.ADMIN_EMAIL ?? DEVELOPMENT_ADMIN.email,
    ADMIN_PASSWORD: env.ADMIN_PASSWORD ?? DEVELOPMENT_ADMIN.password,
    SMTP_URL: env.SMTP_URL ?? DEVELOPMENT_SMTP_URL,
  }));

export const userEnvSchema = refuseDevelopmentValuesInProduction(userEnvironment, {
  secrets: { JWT_SECRET: undefined },
  passwords: ['ADMIN_PASSWORD'],
});

export type UserConfig = BaseConfig & z.output<typeof userEnvSchema>;
