import { z, ZodTypeAny } from 'zod';

/** The environment every service reads. Each service may extend it with its own variables. */
export const baseEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  DATABASE_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432/postgres'),
  /** The service's own database; defaults to DEFAULT_DATABASE_NAMES. */
  DATABASE_NAME: z.string().regex(/^[a-z_][a-z0-9_]*$/).optional(),
  /** Connections in the service's pool; defaults to the service's own size (typeormOptions). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).optional(),
  AMQP_URL: z.string().url().default('amqp://guest:guest@127.0.0.1:5672'),
  /** Prefix of every queue and exchange name; empty in production, unique per test run. */
  BUS_NAMESPACE: z.string().regex(/^[a-z0-9_-]*$/).default(''),
  RPC_PREFETCH: z.coerce.number().int().min(1).max(1000).default(32),
  RPC_TIMEOUT_MS: z.coerce.number().int().min(100).default(10000),
  EVENT_PREFETCH: z.coerce.number().int().min(1).max(1000).default(16),
  EVENT_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(6),
  EVENT_RETRY_BASE_MS: z.coerce.number().int().min(10).default(250),
  /** On SIGTERM, how long in-flight RPCs and events get to finish (below Kubernetes' 30 s). */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(20_000),
  HEALTH_PORT: z.coerce.number().int().min(0).max(65535),
  HEALTH_HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type BaseConfig = z.infer<typeof baseEnvSchema> & { DATABASE_NAME: string; SERVICE: string };

/** Health ports of the services when run side by side on one machine. */
export const DEFAULT_HEALTH_PORTS: Record<string, number> = {
  user: 3001,
  catalog: 3002,
  cart: 3003,
  order: 3004,
  payment: 3005,
  'admin-reporting': 3006,
};

/** Each service's own database on the shared server (DESIGN.md, Data). */
export const DEFAULT_DATABASE_NAMES: Record<string, string> = {
  user: 'shop_user',
  catalog: 'shop_catalog',
  cart: 'shop_cart',
  order: 'shop_order',
  payment: 'shop_payment',
  'admin-reporting': 'shop_reporting',
};

export class ConfigError extends Error {}

/**
 * Reads and validates the environment. A missing or bad variable fails fast, naming the variable.
 */
export function loadConfig<S extends ZodTypeAny>(schema: S, env: Record<string, string | undefined>): ReturnType<S['parse']> {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  return result.data;
}

export function loadServiceConfig<S extends ZodTypeAny = typeof baseEnvSchema>(
  service: string,
  env: Record<string, string | undefined> = process.env,
  schema?: S,
): BaseConfig & z.infer<S> {
  const withDefaults = {
    HEALTH_PORT: DEFAULT_HEALTH_PORTS[service] === undefined ? undefined : String(DEFAULT_HEALTH_PORTS[service]),
    ...env,
  };
  const full = schema ? baseEnvSchema.and(schema) : baseEnvSchema;
  const config = loadConfig(full, withDefaults) as BaseConfig & z.infer<S>;
  config.DATABASE_NAME = config.DATABASE_NAME ?? DEFAULT_DATABASE_NAMES[service] ?? `shop_${service.replace(/-/g, '_')}`;
  config.SERVICE = service;
  return config;
}
