import { parse } from 'yaml';
import { interpolateTree, parseDotEnv } from './env';
import { readRepoFile } from './repo';

export interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile?: string; args?: Record<string, string> };
  environment?: Record<string, string | number | boolean | null>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: {
    test: string[];
    interval?: string;
    timeout?: string;
    retries?: number;
    start_period?: string;
  };
  volumes?: string[];
  ports?: string[];
  networks?: string[];
  read_only?: boolean;
  tmpfs?: string[];
  cap_drop?: string[];
  security_opt?: string[];
  [key: string]: any;
}

export interface ComposeFile {
  name?: string;
  services: Record<string, ComposeService>;
  networks?: Record<string, { internal?: boolean } | null>;
  volumes?: Record<string, unknown>;
}

export const COMPOSE_FILE = 'docker-compose.yml';
export const COMPOSE_ENV_EXAMPLE = 'deploy/compose.env.example';

/** docker-compose.yml as Compose sees it: YAML merge keys applied, `x-` extensions dropped. */
export function readCompose(): ComposeFile {
  const raw = parse(readRepoFile(COMPOSE_FILE), { merge: true }) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(raw).filter(([k]) => !k.startsWith('x-')),
  ) as unknown as ComposeFile;
}

export const composeExampleVars = () => parseDotEnv(readRepoFile(COMPOSE_ENV_EXAMPLE));

/** The compose file with the example .env's values, as `docker compose config` would print it. */
export function interpolatedCompose(
  vars: Record<string, string | undefined> = composeExampleVars(),
): ComposeFile {
  return interpolateTree(readCompose(), vars);
}

/** A service's environment as its process gets it (values as strings). */
export function composeEnvironment(service: ComposeService): Record<string, string> {
  return Object.fromEntries(
    Object.entries(service.environment ?? {}).map(([k, v]) => [k, v === null ? '' : String(v)]),
  );
}

/** `volume:/path[:ro]` split up. */
export function parseVolume(spec: string): { source: string; target: string; readOnly: boolean } {
  const [source, target, mode] = spec.split(':');
  return { source, target, readOnly: mode === 'ro' };
}

/** Two containers can talk when they share a network. */
export function sharesNetwork(file: ComposeFile, a: string, b: string): boolean {
  const nets = (name: string) => file.services[name].networks ?? ['default'];
  return nets(a).some((n) => nets(b).includes(n));
}
