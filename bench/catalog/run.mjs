#!/usr/bin/env node
/**
 * bench/catalog: the catalog's reads as the storefront sends them, through the gateway, 50
 * connections (autocannon), every request distinct so that neither the gateway's reply cache nor
 * the catalog's read cache answers it:
 *
 * - product page search: the products page's request with search text, a maximum price and one
 *   of the five sorts (`/api/products?limit=24&page=1&search=…&maxPrice=…&sort=…`, the parameters
 *   in the order web-store/src/api/products.ts sends them). The texts are what a shopper submits
 *   from the header: whole words, one to three of them;
 * - header dropdown: `/api/products/search?q=…`, a new prefix each time, as the search box sends
 *   them while a shopper types (the last word cut at every length from two letters, or misspelt);
 * - uncached list: the products page without text: brand, category, price and rating filters
 *   (a maximum price that changes every request), the five sorts, and every fourth request
 *   continuing an infinite scroll from a cursor half way down the catalog;
 * - product page: `/api/products/{id}` of a different product each time.
 *
 * First at 100k generated products (BENCH_PRODUCTS), where issue 21's targets are checked, then
 * at the catalog `npm start` seeds. Prints requests/s, p50, p99 and each process's CPU
 * milliseconds per request (gateway, catalog, PostgreSQL, RabbitMQ and this load generator).
 * BENCH_EXPLAIN=1 also prints EXPLAIN (ANALYZE, BUFFERS) of every statement the catalog ran for one
 * request of each path, as it ran them (its connection settings, its parameters). The catalog then
 * writes every statement it sends to a file, which costs it CPU: take the figures from a run
 * without it.
 *
 * The four paths run in turn, BENCH_ROUNDS times (3 by default); each round prints its table, then
 * the median of the rounds per path is printed and checked against the targets, with every round's
 * figures beside it: one run on a shared 2-core machine varies by 10% and more.
 *
 *   npm run build && npm run bench:catalog
 *   (BENCH_PRODUCTS=100000, BENCH_SECONDS=10, BENCH_CONNECTIONS=50; BENCH_ONLY=<regexp> runs the
 *    paths whose name matches; BENCH_SIZES=large|seed runs one of the two catalogs; BENCH_BUILD and
 *    BENCH_CPU_PROF as in bench/lib/backend.mjs)
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { DATABASE_URL, root, startBackend } from '../lib/backend.mjs';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SIZES = (process.env.BENCH_SIZES ?? 'large,seed').split(',');
/** Rounds of the four paths at each size; the figures checked against the targets are their medians. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
const SORTS = ['name-asc', 'name-desc', 'price-asc', 'price-desc', 'newest'];

/** Issue 21's targets at 100k products and 50 connections. */
const TARGETS = {
  'product page search': { rps: 500, p99: 150 },
  'header dropdown': { rps: 800, p99: 100 },
  'uncached list': { rps: 1000, p99: 80 },
  'product page': { rps: 1500, p99: 50 },
};

const require = createRequire(import.meta.url);

/** Interleaved, so consecutive requests do not share their first words. */
const interleave = (list) => list.map((_, i) => list[(i * 7919) % list.length]);

/** Search texts from a vocabulary: whole words for the products page, typed prefixes for the dropdown. */
function searchTexts({ firsts, seconds, lasts }) {
  const submitted = [];
  const typed = [];
  for (const first of firsts) {
    for (const second of seconds) {
      for (const last of lasts) {
        submitted.push(`${first} ${second} ${last}`);
        for (let cut = 2; cut <= last.length; cut++) typed.push(`${first} ${second} ${last.slice(0, cut)}`);
        if (last.length > 4) typed.push(`${first} ${second} ${last.slice(0, 2)}${last.slice(3)}`);
      }
      submitted.push(`${second} ${lasts[(firsts.indexOf(first) + seconds.indexOf(second)) % lasts.length]}`);
    }
    submitted.push(first);
  }
  return { submitted: interleave([...new Set(submitted)]), typed: interleave([...new Set(typed)]) };
}

/** The generator's own vocabulary: "<adjective> <material> <noun>". */
function generatedVocabulary() {
  const { ADJECTIVES, MATERIALS, NOUNS } = require(join(root, 'services', 'catalog', 'dist', 'seed', 'generate.js'));
  const lower = (list) => [...new Set(list.map((w) => w.toLowerCase().split(' ').pop()))];
  return { firsts: lower(ADJECTIVES), seconds: lower(MATERIALS), lasts: lower(Object.values(NOUNS).flat()) };
}

/** The seeded catalog's names: each name's first word, a later word, and its last word. */
async function seededVocabulary(database) {
  const client = new pg.Client({ connectionString: DATABASE_URL.replace(/\/[^/]*$/, `/${database}`) });
  await client.connect();
  const { rows } = await client.query(`SELECT name_key FROM products WHERE deleted_at IS NULL`);
  await client.end();
  const words = rows.map((r) => r.name_key.match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length >= 2);
  const pick = (f) => [...new Set(words.map(f).filter((w) => w && w.length >= 2))];
  return { firsts: pick((w) => w[0]), seconds: pick((w) => w[1]), lasts: pick((w) => w[w.length - 1]) };
}

function run(script, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${script} exited with ${code}`))));
  });
}

const query = (params) =>
  Object.entries(params)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');

/** The paths of each scenario, request n of a run asking path(n). */
async function scenarios(backend, vocabulary) {
  const { submitted, typed } = searchTexts(vocabulary);
  const stats = await (await fetch(`${backend.url}/api/products?limit=1&sort=newest`)).json();
  const total = stats.total;
  const deepCursors = {};
  for (const sort of SORTS) {
    const page = Math.max(1, Math.floor(total / 2 / 24));
    deepCursors[sort] = (await (await fetch(`${backend.url}/api/products?limit=24&page=${page}&sort=${sort}`)).json()).nextCursor;
  }
  const client = new pg.Client({ connectionString: DATABASE_URL.replace(/\/[^/]*$/, `/${backend.databases[0]}`) });
  await client.connect();
  const ids = (await client.query(`SELECT id FROM products WHERE deleted_at IS NULL ORDER BY md5(id::text)`)).rows.map((r) => r.id);
  const categories = (await client.query(`SELECT DISTINCT category FROM products WHERE deleted_at IS NULL`)).rows.map((r) => r.category);
  await client.end();
  // Paise below the dearest product: every request asks a different maximum, so none is answered from a cache.
  const maxPrice = (n) => (3000 - (n % 200_000) / 100).toFixed(2);
  const filters = [
    () => ({}),
    (n) => ({ brand: n % 2 ? 'ms' : 'jaksh' }),
    (n) => ({ category: categories[n % categories.length] }),
    (n) => ({ brand: n % 2 ? 'jaksh' : 'ms', minPrice: 100 }),
    () => ({ minRating: 3 }),
  ];
  return [
    [
      'product page search',
      (n) =>
        `/api/products?${query({ limit: 24, page: 1, search: submitted[n % submitted.length], maxPrice: maxPrice(n), sort: SORTS[n % SORTS.length] })}`,
    ],
    ['header dropdown', (n) => `/api/products/search?q=${encodeURIComponent(typed[n % typed.length])}`],
    [
      'uncached list',
      (n) => {
        const sort = SORTS[n % SORTS.length];
        const deep = n % 4 === 3 && deepCursors[sort];
        return `/api/products?${query({
          limit: 24,
          page: deep ? 2 : 1,
          ...(deep ? { cursor: deepCursors[sort] } : {}),
          ...filters[Math.floor(n / SORTS.length) % filters.length](n),
          maxPrice: maxPrice(n),
          sort,
        })}`;
      },
    ],
    ['product page', (n) => `/api/products/${ids[n % ids.length]}`],
  ].filter(([name]) => !ONLY || ONLY.test(name));
}

/** Where each path's requests stopped, so a measurement goes on past what its warm-up asked. */
const cursors = new Map();

/** One autocannon run, and each process's CPU per request (from /proc), steadier than req/s on a shared machine. */
async function measure(backend, path, duration = SECONDS) {
  let n = cursors.get(path) ?? 0;
  const before = await backend.cpuMs();
  const statuses = {};
  const run = autocannon({
    url: backend.url,
    connections: CONNECTIONS,
    duration,
    // What Chromium sends: the gateway compresses every answer over 1 KB, as it does for a browser.
    headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: path(n++) }) }],
  });
  run.on('response', (_client, status) => (statuses[status] = (statuses[status] ?? 0) + 1));
  const result = await run;
  const after = await backend.cpuMs();
  const failed = Object.entries(statuses).filter(([status]) => !status.startsWith('2'));
  if (result.errors || result.timeouts || failed.length)
    console.error(`errors: ${result.errors} (${result.timeouts} timeouts), answers other than 2xx: ${JSON.stringify(Object.fromEntries(failed))}`);
  const requests = Math.max(1, result.requests.total);
  cursors.set(path, n);
  return {
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
    ...Object.fromEntries(Object.keys(after).map((name) => [`${name} ms`, ((after[name] - before[name]) / requests).toFixed(2)])),
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Each figure of one path as the median of its rounds (CPU columns with two decimals, as measured). */
function medianRow(path, rows) {
  const out = { path };
  for (const key of Object.keys(rows[0]).filter((k) => k !== 'path')) {
    const value = median(rows.map((row) => Number(row[key])));
    out[key] = typeof rows[0][key] === 'string' ? value.toFixed(2) : Math.round(value);
  }
  return out;
}

/** EXPLAIN (ANALYZE, BUFFERS) of what the catalog ran for one request of each path (BENCH_EXPLAIN=1). */
async function explain(backend, paths, statementsFile) {
  const client = new pg.Client({
    connectionString: DATABASE_URL.replace(/\/[^/]*$/, `/${backend.databases[0]}`),
    options: '-c jit=off',
  });
  await client.connect();
  for (const [name, path] of paths) {
    const url = path(1_000_003);
    const seen = readFileSync(statementsFile, 'utf8').split('\n').length - 1;
    await fetch(`${backend.url}${url}`);
    await new Promise((r) => setTimeout(r, 300));
    const statements = readFileSync(statementsFile, 'utf8')
      .split('\n')
      .slice(seen, -1)
      .map((line) => JSON.parse(line))
      .filter((s) => /^\s*(SELECT|WITH)/i.test(s.text));
    console.log(`\n=== ${name}: ${url}`);
    for (const s of statements) {
      const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${s.text}`, s.values);
      console.log(`--- ${s.text.replace(/\s+/g, ' ').slice(0, 200)}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
    }
  }
  await client.end();
}

async function measureCatalog(label, populate) {
  const uploads = mkdtempSync(join(tmpdir(), 'bench-catalog-'));
  const statementsFile = join(uploads, 'statements.jsonl');
  const backend = await startBackend({
    services: ['catalog'],
    env: { UPLOADS_DIR: uploads },
    serviceEnv: process.env.BENCH_EXPLAIN ? { catalog: { BENCH_STATEMENTS: statementsFile } } : {},
  });
  try {
    const started = Date.now();
    const vocabulary = await populate(backend);
    const count = (await (await fetch(`${backend.url}/api/products?limit=1`)).json()).total;
    console.log(`\n${label}: ${count} products, ready in ${Math.round((Date.now() - started) / 1000)} s`);
    const paths = await scenarios(backend, vocabulary);
    if (process.env.BENCH_EXPLAIN) {
      await explain(backend, paths, statementsFile);
      console.log('\n(BENCH_EXPLAIN: the catalog logs every statement, so the figures below understate it)');
    }
    // Rounds of every path in turn, so a slow spell of a shared machine falls on all of them.
    const rounds = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const rows = [];
      for (const [name, path] of paths) {
        if (round === 1) await measure(backend, path, Math.min(3, SECONDS));
        rows.push({ path: name, ...(await measure(backend, path)) });
      }
      console.log(
        `${count} products, round ${round} of ${ROUNDS}, ${CONNECTIONS} connections, ${SECONDS} s per path, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}; CPU in ms per request`,
      );
      console.table(rows);
      rounds.push(rows);
    }
    const rows = paths.map(([name], i) => medianRow(name, rounds.map((round) => round[i])));
    if (ROUNDS > 1) {
      console.log(`${count} products, median of ${ROUNDS} rounds`);
      console.table(rows);
    }
    return { count, rows, rounds };
  } finally {
    await backend.stop();
    rmSync(uploads, { recursive: true, force: true });
  }
}

async function main() {
  const results = [];
  if (SIZES.includes('large'))
    results.push(
      await measureCatalog('generated catalog', async (backend) => {
        await run(join(root, 'services', 'catalog', 'dist', 'seed', 'generate.js'), [String(PRODUCTS)], {
          ...backend.env,
          DATABASE_NAME: backend.databases[0],
        });
        return generatedVocabulary();
      }),
    );
  if (SIZES.includes('seed'))
    await measureCatalog('the catalog npm start seeds', async (backend) => {
      await run(join(root, 'services', 'catalog', 'dist', 'seed', 'seed.js'), [], {
        ...backend.env,
        DATABASE_NAME: backend.databases[0],
      });
      return seededVocabulary(backend.databases[0]);
    });
  for (const { count, rows, rounds } of results) {
    for (const [i, row] of rows.entries()) {
      const target = TARGETS[row.path];
      const met = row['req/s'] >= target.rps && row['p99 ms'] < target.p99;
      const each = rounds.length > 1 ? `; rounds ${rounds.map((round) => `${round[i]['req/s']}/${round[i]['p99 ms']}`).join(', ')}` : '';
      console.log(
        `${count} products, ${row.path}: ${row['req/s']} req/s, p99 ${row['p99 ms']} ms${rounds.length > 1 ? ` (median of ${rounds.length})` : ''} (target >= ${target.rps} req/s, p99 < ${target.p99} ms): ${met ? 'met' : 'NOT met'}${each}`,
      );
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
