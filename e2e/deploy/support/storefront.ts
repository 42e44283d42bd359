import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { readRepoFile, repoPath } from './repo';

/**
 * What the storefront's server promises the deployment (issue 31's brief, docs/operations.md "The
 * storefront server"): the file the build leaves, how it listens, the routes probes and Prometheus
 * use, and how it stops.
 */
export const STOREFRONT_SERVER = {
  /** `node <entry>` from the repository root starts it listening. */
  entry: 'web-store/build/server/index.js',
  defaultPort: 3000,
  live: '/health/live',
  /** 200 once it reaches the gateway. */
  ready: '/health/ready',
  metrics: '/metrics',
  /** Node's keepAliveTimeout: a proxy in front must let its idle connections go before this. */
  keepAliveTimeoutSeconds: 65,
  /** On SIGTERM it stops accepting and finishes its requests within SHUTDOWN_GRACE_MS, then exits 0. */
  defaultShutdownGraceMs: 10_000,
} as const;

/** Every variable the server reads; the deployment sets no other (Node's own aside). */
export const STOREFRONT_ENV = new Set([
  'NODE_ENV',
  'PORT',
  'HOST',
  'GATEWAY_URL',
  'PUBLIC_URL',
  'SHUTDOWN_GRACE_MS',
  'LOG_LEVEL',
  // How many URLs one sitemap file lists before /sitemap.xml becomes an index (web-store/src/seo).
  'SITEMAP_MAX_URLS',
]);

/** Its defaults suit `npm start` on one machine; in a container these must be said. */
export const STOREFRONT_REQUIRED_ENV = ['GATEWAY_URL', 'PUBLIC_URL'];

/** How long the server drains after SIGTERM in this environment. */
export const storefrontGraceMs = (env: Record<string, string>) =>
  Number(env.SHUTDOWN_GRACE_MS ?? STOREFRONT_SERVER.defaultShutdownGraceMs);

/** Build output, dependencies, tests and build-time configuration: not what the server runs. */
const NOT_SERVER_CODE = [
  /(^|\/)node_modules\//,
  /(^|\/)(build|dist|coverage|\.react-router)\//,
  /\.(test|spec)\.[cm]?[jt]sx?$/,
  /(^|\/)src\/test\//,
  /(^|\/)test-support\//,
  /(^|\/)scripts\//,
  /(^|\/)[^/]*\.config\.[cm]?[jt]s$/,
];

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  const walk = (path: string) => {
    for (const entry of readdirSync(path)) {
      const full = join(path, entry);
      const rel = relative(repoPath(), full);
      if (statSync(full).isDirectory()) {
        if (!NOT_SERVER_CODE.some((re) => re.test(`${rel}/`))) walk(full);
      } else if (/\.[cm]?[jt]sx?$/.test(entry) && !NOT_SERVER_CODE.some((re) => re.test(rel))) {
        files.push(rel);
      }
    }
  };
  walk(repoPath(dir));
  return files;
}

/**
 * The variables web-store's code reads (`process.env.NAME`, `process.env['NAME']`), with the
 * files that read each: the server entry, loaders, resource routes and the packages it bundles.
 */
export function storefrontEnvReadByCode(): Map<string, string[]> {
  const read = new Map<string, string[]>();
  for (const file of sourceFiles('web-store')) {
    for (const m of readRepoFile(file).matchAll(
      /process\.env(?:\.([A-Z_][A-Z0-9_]*)|\[\s*['"]([A-Z_][A-Z0-9_]*)['"]\s*\])/g,
    )) {
      const name = m[1] ?? m[2];
      read.set(name, [...(read.get(name) ?? []), file]);
    }
  }
  return read;
}
