import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The apps as `npm start` builds them (scripts/build-apps.mjs, with npm start's development
 * environment), which is also what the browser journeys load: production React, no development
 * helpers, nothing of the build machine, and a storefront within its download budget.
 */

const ROOT = join(__dirname, '..', '..');
/** Where each app's browser files are built. */
const APPS = [
  { app: 'web-store', client: join(ROOT, 'web-store', 'build', 'client') },
  { app: 'web-admin', client: join(ROOT, 'web-admin', 'dist') },
] as const;
/**
 * The storefront's first download on a phone: every script the first page needs, gzipped. It was
 * 150 KB while the page waited for it; the page now comes whole from the server, and React
 * Router's framework runtime (the hydration data, the manifest, single-fetch: some 43 KB of it)
 * came with that. What the shopper waits for is measured in bench/web-store (Lighthouse).
 */
const STORE_INITIAL_JS_BUDGET = 170 * 1024;

interface ManifestEntry {
  module: string;
  imports?: string[];
}

/**
 * The scripts home needs, as React Router's manifest of the storefront's build lists them: the
 * client entry, the root route and home's route module, each with every chunk it imports statically.
 */
function homeScripts(client: string): string[] {
  const file = readdirSync(join(client, 'assets')).find((f) => /^manifest-.*\.js$/.test(f))!;
  const manifest = JSON.parse(
    readFileSync(join(client, 'assets', file), 'utf8')
      .replace(/^window\.__reactRouterManifest=/, '')
      .replace(/;\s*$/, ''),
  ) as { entry: ManifestEntry; routes: Record<string, ManifestEntry> };
  const scripts = (entry: ManifestEntry) => [entry.module, ...(entry.imports ?? [])];
  return [
    ...new Set([
      ...scripts(manifest.entry),
      ...scripts(manifest.routes.root),
      ...scripts(manifest.routes['routes/home']),
    ]),
  ];
}

/** What the storefront's server sends a browser that takes gzip: the .gz the build wrote beside the file. */
function gzippedSize(file: string): number {
  return existsSync(`${file}.gz`)
    ? readFileSync(`${file}.gz`).length
    : gzipSync(readFileSync(file), { level: 9 }).length;
}

const DEVELOPMENT_MARKERS: [string, RegExp][] = [
  ["React's development build", /Download the React DevTools|react-dom\.development|react\.development/],
  ['the development JSX runtime', /\bjsxDEV\b/],
  // React Router 7's package points at its development build (scripts/vite/react-router-production.ts).
  ["React Router's development build", /No routes matched location/],
  ['a source path', /["'`][^"'`\s]*\/(?:web-store|web-admin|proto)\/src\/[^"'`\s]+\.tsx?["'`]/],
];

describe('the apps npm start serves', () => {
  beforeAll(() => {
    // npm start's environment says development (for the services); the apps must not follow it.
    const build = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build-apps.mjs')], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'development' },
      encoding: 'utf8',
    });
    if (build.status !== 0)
      throw new Error(`scripts/build-apps.mjs failed:\n${build.stdout}\n${build.stderr}`);
  }, 600_000);

  it.each(APPS)(
    '$app is a production build: no React or React Router development build, no jsxDEV and no source path in its scripts',
    ({ client }) => {
      const assets = join(client, 'assets');
      const scripts = readdirSync(assets).filter((f) => f.endsWith('.js'));
      expect(scripts.length).toBeGreaterThan(0);
      const found = scripts.flatMap((file) => {
        const code = readFileSync(join(assets, file), 'utf8');
        return [
          ...DEVELOPMENT_MARKERS.filter(([, marker]) => marker.test(code)).map(
            ([what]) => `${file}: ${what}`,
          ),
          ...(code.includes(ROOT) ? [`${file}: the build machine's path ${ROOT}`] : []),
        ];
      });
      expect(found).toEqual([]);
    },
  );

  it('the storefront starts with at most 150 KB of gzipped JavaScript', () => {
    const client = APPS[0].client;
    const scripts = homeScripts(client);
    expect(scripts.some((url) => /^\/assets\/entry\.client-[^/]+\.js$/.test(url))).toBe(true);
    const total = scripts.reduce((sum, url) => sum + gzippedSize(join(client, url)), 0);
    expect(total).toBeLessThanOrEqual(STORE_INITIAL_JS_BUDGET);
  });
});
