#!/usr/bin/env node
/**
 * Builds the storefront and the back office for production into web-store/build (its server and the
 * browser's files) and web-admin/dist: the one way `npm start`, `npm test` and the browser tests
 * build them, so the tests run what a shopper is served. An app whose sources, dependencies and
 * build settings have not changed since its last build here is left as it is.
 *
 *   node scripts/build-apps.mjs [--force]
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const APPS = ['web-store', 'web-admin'];

/** Where each app's build goes, and the file that shows it is complete. */
const OUTPUT = {
  'web-store': { dir: 'build', marker: join('server', 'index.js') },
  'web-admin': { dir: 'dist', marker: 'index.html' },
};

/** Written into the build's folder after a build: what it was built from. */
const FINGERPRINT_FILE = '.build-fingerprint';

/** What an app's bundle is made of besides its own folder: the shared contracts and web kit, the lock file. */
const SHARED_INPUTS = [
  'proto/src',
  'web-store/kit/src',
  'package-lock.json',
  'scripts/build-apps.mjs',
  'scripts/vite',
];
const APP_INPUTS = [
  'src',
  'server',
  'public',
  'index.html',
  'package.json',
  'tsconfig.json',
  'vite.config.ts',
  'react-router.config.ts',
];
const SKIPPED = new Set(['node_modules', 'dist', 'build', '.react-router']);

function listFiles(path, out) {
  if (!existsSync(path)) return out;
  if (!statSync(path).isDirectory()) {
    out.push(path);
    return out;
  }
  for (const entry of readdirSync(path).sort()) {
    if (!SKIPPED.has(entry)) listFiles(join(path, entry), out);
  }
  return out;
}

/**
 * A digest of everything the build reads: the files' contents (not their times, which a checkout
 * changes) and the VITE_* variables the apps compile in.
 */
export function fingerprint(app, env = process.env) {
  const hash = createHash('sha256');
  const files = [
    ...APP_INPUTS.flatMap((input) => listFiles(join(ROOT, app, input), [])),
    ...SHARED_INPUTS.flatMap((input) => listFiles(join(ROOT, input), [])),
  ];
  for (const file of files) {
    hash.update(relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  for (const [name, value] of Object.entries(env)
    .filter(([n]) => n.startsWith('VITE_'))
    .sort()) {
    hash.update(`${name}=${value}\0`);
  }
  return hash.digest('hex');
}

function builtFingerprint(app) {
  const { dir, marker } = OUTPUT[app];
  const file = join(ROOT, app, dir, FINGERPRINT_FILE);
  return existsSync(file) && existsSync(join(ROOT, app, dir, marker))
    ? readFileSync(file, 'utf8').trim()
    : null;
}

/**
 * Builds each app that changed. NODE_ENV is production whatever the caller's is (`npm start` runs
 * the services in development): with any other value Vite bundles React's development build, which
 * is three times the size, embeds the build machine's source paths and runs every effect twice.
 * Returns the apps it built; throws when a build fails.
 */
export function buildApps({ env = process.env, force = false, say = () => undefined } = {}) {
  const built = [];
  for (const app of APPS) {
    if (!existsSync(join(ROOT, app, 'package.json'))) continue;
    const digest = fingerprint(app, env);
    if (!force && builtFingerprint(app) === digest) {
      say(`${app} is built and unchanged`);
      continue;
    }
    say(`Building ${app} for production`);
    const result = spawnSync('npm', ['run', 'build', '--silent', '-w', app], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...env, NODE_ENV: 'production' },
    });
    if (result.status !== 0) throw new Error(`Building ${app} failed`);
    writeFileSync(join(ROOT, app, OUTPUT[app].dir, FINGERPRINT_FILE), `${digest}\n`);
    built.push(app);
  }
  return built;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    buildApps({ force: process.argv.includes('--force'), say: (text) => process.stdout.write(`${text}\n`) });
  } catch (err) {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
}
