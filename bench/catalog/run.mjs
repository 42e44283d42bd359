#!/usr/bin/env node
/**
 * bench/catalog: the catalog's read paths through the gateway at 50 connections (autocannon),
 * against 100k generated products: the product list (24, default sort), the list filtered by brand
 * and price, the search dropdown, and product detail. Prints requests/s and p50/p99 per path.
 *
 *   npm run build && npm run bench:catalog
 *   (BENCH_PRODUCTS=100000, BENCH_SECONDS=10 and BENCH_CONNECTIONS=50 by default; BENCH_ONLY=<regexp>
 *    runs only the paths whose name matches; BENCH_BUILD and
 *    BENCH_CPU_PROF as in bench/lib/backend.mjs: another checkout's build, CPU profiles)
 *
 * Also prints each path's CPU per request in the gateway and the catalog, and whether the list
 * and search p99 meet issue 13's targets (list < 100 ms, search < 50 ms).
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { root, startBackend, waitForProducts } from '../lib/backend.mjs';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** What shoppers type into the header's search box: whole words, first letters and typos. */
const SEARCHES = [
  'lanyard',
  'diar',
  'lanyrd',
  'mug',
  'notebok',
  'stick',
  'premium bottle',
  'eco',
  'calender',
  'gift box',
];

/**
 * Over ten thousand different texts (every adjective, material and noun of the generator, the
 * last word whole, cut short or misspelt in turn), so that the catalog's short-lived cache of
 * dropdown answers rarely helps and each request does the search itself.
 */
function distinctSearches() {
  const { ADJECTIVES, MATERIALS, NOUNS } = createRequire(import.meta.url)(
    join(root, 'services', 'catalog', 'dist', 'seed', 'generate.js'),
  );
  const nouns = [...new Set(Object.values(NOUNS).flat())];
  const texts = [];
  for (const adjective of ADJECTIVES) {
    for (const material of MATERIALS) {
      for (const [n, noun] of nouns.entries()) {
        const word = noun.toLowerCase().split(' ').pop();
        const variants = [
          word,
          word.slice(0, Math.max(3, word.length - 2)),
          word.slice(0, 2) + word.slice(3),
        ];
        texts.push(`${adjective} ${material} ${variants[n % 3]}`.toLowerCase());
      }
    }
  }
  // Interleaved, so consecutive requests do not share their first words.
  return texts.map((_, i) => texts[(i * 7919) % texts.length]);
}

function run(script, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${script} exited with ${code}`))));
  });
}

/** Where each list of paths stopped, so a measurement goes on past what its warm-up asked. */
const cursors = new Map();

/**
 * One autocannon run; `paths` are requested in turn, so caches and plans see varied input. Also
 * each process's CPU per request (from /proc), steadier than req/s on a shared machine.
 */
async function measure(backend, name, paths, duration = SECONDS) {
  const path = () => {
    const next = cursors.get(paths) ?? 0;
    cursors.set(paths, next + 1);
    return paths[next % paths.length];
  };
  const before = await backend.cpuMs();
  const result = await autocannon({
    url: backend.url,
    connections: CONNECTIONS,
    duration,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: path() }) }],
  });
  return {
    name,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
    ...cpuPerRequest(before, await backend.cpuMs(), result.requests.total),
  };
}

function cpuPerRequest(before, after, requests) {
  return Object.fromEntries(
    Object.keys(after).map((name) => [
      `${name} CPU ms/req`,
      ((after[name] - before[name]) / Math.max(1, requests)).toFixed(2),
    ]),
  );
}

/** Issue 13's targets at 100k products and 50 connections. */
const TARGETS = [
  { rows: /^product list|^list,/, p99: 100, what: 'list' },
  { rows: /^search/, p99: 50, what: 'search' },
];

async function main() {
  const uploads = mkdtempSync(join(tmpdir(), 'bench-catalog-'));
  const backend = await startBackend({ services: ['catalog'], env: { UPLOADS_DIR: uploads } });
  try {
    const started = Date.now();
    const database = backend.databases[0];
    await run(join(root, 'services', 'catalog', 'dist', 'seed', 'generate.js'), [String(PRODUCTS)], {
      ...backend.env,
      DATABASE_NAME: database,
    });
    console.log(`generated ${PRODUCTS} products in ${Math.round((Date.now() - started) / 1000)} s`);
    await waitForProducts(backend.url, PRODUCTS);

    const list = await (await fetch(`${backend.url}/api/products?limit=100&sort=newest`)).json();
    if (list.total !== PRODUCTS)
      throw new Error(
        `expected ${PRODUCTS} products, the list answered ${JSON.stringify(list).slice(0, 300)}`,
      );
    const detailPaths = list.products.map((p) => `/api/products/${p._id}`);
    const scenarios = [
      ['product list (24, name-asc)', ['/api/products']],
      [
        'list, brand + price filter',
        [
          '/api/products?brand=ms&minPrice=100&maxPrice=500',
          '/api/products?brand=jaksh&minPrice=50&maxPrice=250',
        ],
      ],
      [
        'search dropdown (10 popular texts)',
        SEARCHES.map((q) => `/api/products/search?q=${encodeURIComponent(q)}`),
      ],
      [
        'search dropdown (distinct texts)',
        distinctSearches().map((q) => `/api/products/search?q=${encodeURIComponent(q)}`),
      ],
      ['product detail', detailPaths],
    ];
    const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
    if (only) scenarios.splice(0, scenarios.length, ...scenarios.filter(([name]) => only.test(name)));
    for (const [, paths] of scenarios) await measure(backend, 'warm-up', paths, Math.min(3, SECONDS));

    const rows = [];
    for (const [name, paths] of scenarios) rows.push(await measure(backend, name, paths));
    console.log(
      `\n${PRODUCTS} products, ${CONNECTIONS} connections, ${SECONDS} s per path, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.table(rows);
    for (const target of TARGETS) {
      const measured = rows.filter((r) => target.rows.test(r.name));
      if (measured.length === 0) continue;
      const worst = Math.max(...measured.map((r) => r['p99 ms']));
      console.log(
        `${target.what} p99 ${worst} ms (target < ${target.p99} ms): ${worst < target.p99 ? 'met' : 'NOT met'}`,
      );
    }
  } finally {
    await backend.stop();
    rmSync(uploads, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
