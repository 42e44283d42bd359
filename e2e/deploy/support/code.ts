import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { ZodTypeAny } from 'zod';
import type { ServiceName } from '@shop/proto';
import {
  baseEnvSchema,
  DEFAULT_HEALTH_PORTS,
  loadServiceConfig,
} from '../../../services/kit/src/config/service-config';
import { PUBLISHED_VALUES } from '../../../services/kit/src/config/production-values';
import { gatewayEnvSchema, loadGatewayConfig } from '../../../gateway/src/config/gateway-config';
import type { Component } from './components';
import { readRepoFile, ROOT } from './repo';

/** What a component's code reads from its environment, taken from its own zod schemas. */
export interface EnvContract {
  /** Every variable the code reads. */
  keys: Set<string>;
  /** Variables without a default that must be given. */
  required: string[];
  /** Validates an environment exactly as the process does at start; throws naming the variable. */
  validate(env: Record<string, string | undefined>): Record<string, unknown>;
}

/**
 * A service's own schema, as its app module passes it to `KitModule.forService({ envSchema })`.
 * Read from the source, so a schema added tomorrow is checked tomorrow without touching this file.
 */
export function serviceEnvSchema(service: ServiceName): ZodTypeAny | undefined {
  const file = `services/${service}/src/app.module.ts`;
  const text = readRepoFile(file);
  const property = /\benvSchema\s*(?::\s*([A-Za-z_$][\w$]*))?\s*[,}\n]/.exec(text);
  if (!property) {
    if (/\benvSchema\b/.test(text))
      throw new Error(`${file}: envSchema is not a plain imported name, so the deploy checks cannot read it`);
    return undefined;
  }
  const name = property[1] ?? 'envSchema';
  const from = new RegExp(
    `import\\s*{[^}]*\\b${name.replace(/\$/g, '\\$')}\\b[^}]*}\\s*from\\s*['"]([^'"]+)['"]`,
  ).exec(text);
  if (!from)
    throw new Error(
      `${file}: envSchema ${name} is not imported from another file, so the deploy checks cannot read it`,
    );
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const schema = require(join(ROOT, 'services', service, 'src', from[1]))[name] as ZodTypeAny | undefined;
  if (!schema) throw new Error(`${file}: ${from[1]} does not export ${name}`);
  return schema;
}

/** The zod object shapes inside a schema (through defaults, refinements, transforms and `.and`). */
function shapesOf(schema: ZodTypeAny): Record<string, ZodTypeAny>[] {
  const def = schema._def as {
    typeName: string;
    schema?: ZodTypeAny;
    left?: ZodTypeAny;
    right?: ZodTypeAny;
    in?: ZodTypeAny;
    innerType?: ZodTypeAny;
  };
  switch (def.typeName) {
    case 'ZodObject':
      return [(schema as unknown as { shape: Record<string, ZodTypeAny> }).shape];
    case 'ZodEffects':
      return shapesOf(def.schema!);
    case 'ZodIntersection':
      return [...shapesOf(def.left!), ...shapesOf(def.right!)];
    case 'ZodPipeline':
      return shapesOf(def.in!);
    case 'ZodOptional':
    case 'ZodDefault':
    case 'ZodBranded':
    case 'ZodReadonly':
      return shapesOf(def.innerType ?? def.schema!);
    default:
      throw new Error(`Cannot read the variables of a ${def.typeName} environment schema`);
  }
}

function contractOf(schemas: ZodTypeAny[], validate: EnvContract['validate']): EnvContract {
  const shapes = schemas.flatMap(shapesOf);
  const keys = new Set(shapes.flatMap((s) => Object.keys(s)));
  const required = [...keys].filter((key) => shapes.some((s) => s[key] && !s[key].isOptional()));
  return { keys, required, validate };
}

/**
 * The example files' secrets and passwords as an operator replaces them (their comments ask it):
 * production refuses the published values themselves.
 */
const withOwnSecrets = (env: Record<string, string | undefined>) =>
  Object.fromEntries(
    Object.entries(env).map(([k, v]) => [k, v !== undefined && PUBLISHED_VALUES.has(v) ? randomBytes(32).toString('base64') : v]),
  );

export function envContract(component: Component): EnvContract {
  if (component.kind === 'service') {
    const own = serviceEnvSchema(component.name);
    const contract = contractOf(own ? [baseEnvSchema, own] : [baseEnvSchema], (env) =>
      loadServiceConfig(component.name, withOwnSecrets(env), own),
    );
    // The kit gives HEALTH_PORT the service's default when the environment has none.
    return { ...contract, required: contract.required.filter((k) => k !== 'HEALTH_PORT') };
  }
  if (component.kind === 'gateway')
    return contractOf([gatewayEnvSchema], (env) => loadGatewayConfig(withOwnSecrets(env)));
  throw new Error(`${component.name} is not a NestJS process: see storefront.ts for web-store's contract`);
}

/** The port a service's health endpoints listen on by default (the kit's table). */
export const defaultHealthPort = (service: ServiceName): number => DEFAULT_HEALTH_PORTS[service];

/** The gateway's default HTTP port (its schema's default). */
export const gatewayDefaultPort = (): number => gatewayEnvSchema.shape.PORT.parse(undefined);

/**
 * GET routes declared in a NestJS controller file: `@Controller('health')` then `@Get('ready')`
 * is `/health/ready`.
 */
export function getRoutes(file: string): string[] {
  const text = readRepoFile(file);
  const routes: string[] = [];
  let prefix = '';
  for (const m of text.matchAll(/@(Controller|Get)\(\s*(?:'([^']*)'|"([^"]*)")?\s*\)/g)) {
    const path = m[2] ?? m[3] ?? '';
    if (m[1] === 'Controller') prefix = path;
    else routes.push(`/${[prefix, path].filter(Boolean).join('/')}`.replace(/\/+/g, '/'));
  }
  return routes;
}

export const SERVICE_HEALTH_CONTROLLER = 'services/kit/src/health/health.controller.ts';
export const GATEWAY_HEALTH_CONTROLLER = 'gateway/src/health/health.controller.ts';

/** Routes a component answers for probes: the kit's for services, the gateway's own. */
export function healthRoutes(component: Component): string[] {
  if (component.kind === 'service') return getRoutes(SERVICE_HEALTH_CONTROLLER);
  if (component.kind === 'gateway') return getRoutes(GATEWAY_HEALTH_CONTROLLER);
  throw new Error(`${component.name} has no NestJS health controller`);
}
