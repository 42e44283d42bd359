import { loadConfig, refuseDevelopmentValuesInProduction } from '@shop/kit';
import { resolve } from 'node:path';
import { z } from 'zod';
import { trustedProxiesSchema } from './trusted-proxies';

export const gatewayEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  AMQP_URL: z.string().url().default('amqp://guest:guest@127.0.0.1:5672'),
  BUS_NAMESPACE: z.string().regex(/^[a-z0-9_-]*$/).default(''),
  RPC_TIMEOUT_MS: z.coerce.number().int().min(100).default(10000),
  HEALTH_TIMEOUT_MS: z.coerce.number().int().min(100).default(1500),
  /** Shared with the user service, which signs the tokens the gateway verifies. */
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters'),
  /** Comma-separated origins allowed by CORS; empty allows same-origin only. */
  CORS_ORIGINS: z.string().default(''),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Proxies allowed to name the client in X-Forwarded-For; none by default (trusted-proxies.ts). */
  TRUSTED_PROXIES: trustedProxiesSchema,
  /** Product images the catalog stores, served under /uploads (the same directory as the catalog's UPLOADS_DIR). */
  UPLOADS_DIR: z.string().default(resolve(__dirname, '..', '..', '..', 'var', 'uploads')),
  /**
   * The built back office, served by the gateway for a one-URL local run; a directory that does not
   * exist is simply not served (in Kubernetes each app has its own container).
   */
  WEB_ADMIN_DIST: z.string().default(resolve(__dirname, '..', '..', '..', 'web-admin', 'dist')),
  /**
   * The storefront's server, to which every other page is proxied for a one-URL local run (compose
   * and Kubernetes route `/` to it directly).
   */
  WEB_STORE_URL: z.string().url('must be a URL').default('http://127.0.0.1:3000'),
  /** The storefront's address: Google sign-in returns the shopper to its /auth/google/callback page. */
  PUBLIC_URL: z
    .string()
    .url('must be a URL')
    .transform((v) => v.replace(/\/+$/, ''))
    .default('http://localhost:8080'),
  /** Google sign-in is offered only when both are set. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** The redirect URI registered with Google; by default PUBLIC_URL's /api/auth/google/callback. */
  GOOGLE_CALLBACK_URL: z.string().url('must be a URL').optional(),
  /**
   * Google's OAuth 2.0 endpoints. They change only to point at a stand-in Google, which is how the
   * tests sign in on a machine that cannot reach Google.
   */
  GOOGLE_AUTHORIZATION_URL: z.string().url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.string().url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: z.string().url().default('https://openidconnect.googleapis.com/v1/userinfo'),
  /** How often each replica tells the user service which sessions it saw in use (Settings' "last used"). */
  SESSION_USE_REPORT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type GatewayConfig = z.infer<typeof gatewayEnvSchema>;

export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');

export const googleSignInConfigured = (config: GatewayConfig): boolean =>
  Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);

export const googleCallbackUrl = (config: GatewayConfig): string =>
  config.GOOGLE_CALLBACK_URL ?? `${config.PUBLIC_URL}/api/auth/google/callback`;

const productionSafeSchema = refuseDevelopmentValuesInProduction(gatewayEnvSchema, { secrets: { JWT_SECRET: undefined } });

export const loadGatewayConfig = (env: Record<string, string | undefined> = process.env): GatewayConfig =>
  loadConfig(productionSafeSchema, env);
