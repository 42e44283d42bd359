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
const APPS = [
  { app: 'web-store', base: '/' },
  { app: 'web-admin', base: '/admin2009/' },
] as const;
/** The storefront's first download on a phone: every script the first page needs, gzipped. */
const STORE_INITIAL_JS_BUDGET = 150 * 1024;

const STATIC_IMPORT = /(?:^|[;\n}])\s*import\s*(?:[^"'();]*?from\s*)?["']\.\/([^"']+\.js)["']/g;

/** The entry scripts and what index.html preloads or starts, with every chunk they import statically. */
function initialScripts(app: string, base: string): string[] {
  const dist = join(ROOT, app, 'dist');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const referenced = [
    ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
  ].map((m) => m[1]);
  // The storefront's own script is started by its first-screen script (scripts/vite/first-screen-script.ts).
  const started = /data-app="([^"]*)"/.exec(html)?.[1];
  if (started)
    referenced.push(...(JSON.parse(started.replaceAll('&quot;', '"').replaceAll('&amp;', '&')) as string[]));
  const files = referenced.map((src) => src.slice(base.length));
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const m of readFileSync(join(dist, file), 'utf8').matchAll(STATIC_IMPORT)) visit(`assets/${m[1]}`);
  };
  files.forEach(visit);
  return [...seen];
}

/** What the gateway sends a browser that takes gzip: the .gz the build wrote beside the file. */
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
    ({ app }) => {
      const assets = join(ROOT, app, 'dist', 'assets');
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
    const dist = join(ROOT, 'web-store', 'dist');
    const scripts = initialScripts('web-store', '/');
    expect(scripts.some((file) => /^assets\/index-[^/]+\.js$/.test(file))).toBe(true);
    const total = scripts.reduce((sum, file) => sum + gzippedSize(join(dist, file)), 0);
    expect(scripts.length).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(STORE_INITIAL_JS_BUDGET);
  });
});
