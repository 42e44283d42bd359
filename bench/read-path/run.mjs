#!/usr/bin/env node
/**
 * bench/read-path: how close the catalog's reads come to the gateway's own ceiling. In one run and
 * with one closed-loop client (autocannon, BENCH_CONNECTIONS in flight, 32 by default) it measures
 * the gateway's `/health/live` (no RPC at all), an uncached list (a price filter that changes on
 * every request, so neither the gateway's nor the catalog's cache answers), a cached list and a
 * product detail, and prints each one's req/s as a share of `/health/live`. Also prints the size of
 * a 24-card list page as JSON and as the gateway compresses it.
 *
 * Each path's CPU cost per request in the gateway and the catalog comes from /proc: on a shared
 * machine it moves much less than req/s.
 *
 *   npm run build && npm run bench:read-path
 *   (BENCH_PRODUCTS=10000, BENCH_SECONDS=10, BENCH_CONNECTIONS=32 by default; BENCH_ONLY=<part of a
 *    path's name> measures that path and the ceiling only;
 *    BENCH_CPU_PROF=<dir> writes CPU profiles, see bench/lib/backend.mjs)
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { root, startBackend } from '../lib/backend.mjs';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

function run(script, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${script} exited with ${code}`))));
  });
}

/**
 * One autocannon run; `path(n)` gives the n-th request's path. Also what each process spent in
 * CPU per request (from /proc), which a shared, noisy machine skews far less than req/s.
 */
async function measure(backend, path, duration = SECONDS) {
  let n = 0;
  const before = await backend.cpuMs();
  const statuses = {};
  const run = autocannon({
    url: backend.url,
    connections: CONNECTIONS,
    duration,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: path(n++) }) }],
  });
  run.on('response', (_client, status) => (statuses[status] = (statuses[status] ?? 0) + 1));
  const result = await run;
  const failed = Object.entries(statuses).filter(([status]) => !status.startsWith('2'));
  if (result.errors || result.timeouts || failed.length)
    console.error(
      `errors: ${result.errors} (${result.timeouts} timeouts), answers other than 2xx: ${JSON.stringify(Object.fromEntries(failed))}`,
    );
  const after = await backend.cpuMs();
  const requests = Math.max(1, result.requests.total);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
    cpu: Object.fromEntries(
      Object.keys(after).map((name) => [name, (after[name] - before[name]) / requests]),
    ),
  };
}

async function main() {
  const uploads = mkdtempSync(join(tmpdir(), 'bench-read-path-'));
  const backend = await startBackend({ services: ['catalog'], env: { UPLOADS_DIR: uploads } });
  try {
    await run(join(root, 'services', 'catalog', 'dist', 'seed', 'generate.js'), [String(PRODUCTS)], {
      ...backend.env,
      DATABASE_NAME: backend.databases[0],
    });
    const page = await (await fetch(`${backend.url}/api/products?limit=24`)).text();
    const ids = (
      await (await fetch(`${backend.url}/api/products?limit=100&sort=newest`)).json()
    ).products.map((p) => p._id);
    const scenarios = [
      ['gateway /health/live', () => '/health/live'],
      // A different minimum price each time (paise steps below the cheapest product): every request misses.
      [
        'list, uncached',
        (n) =>
          `/api/products?minPrice=${((n % 1000) / 100).toFixed(2)}&maxPrice=${100000 - (Math.floor(n / 1000) % 50000)}`,
      ],
      ['list, cached', () => '/api/products'],
      ['product detail', (n) => `/api/products/${ids[n % ids.length]}`],
    ];
    // BENCH_ONLY=uncached (a part of a path's name) measures that path alone, beside the ceiling: a CPU profile then holds nothing else.
    const measured = scenarios.filter(([name], i) => i === 0 || !process.env.BENCH_ONLY || name.includes(process.env.BENCH_ONLY));
    for (const [, path] of measured) await measure(backend, path, Math.min(3, SECONDS));
    const results = [];
    for (const [name, path] of measured) results.push({ name, ...(await measure(backend, path)) });

    const ceiling = results[0].rps;
    console.log(
      `\n${PRODUCTS} products, ${CONNECTIONS} in flight (closed loop), ${SECONDS} s per path, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.table(
      results.map((r) => ({
        path: r.name,
        'req/s': Math.round(r.rps),
        'share of /health/live': `${((100 * r.rps) / ceiling).toFixed(0)}%`,
        'p50 ms': r.p50,
        'p99 ms': r.p99,
        errors: r.errors,
        ...Object.fromEntries(
          Object.entries(r.cpu).map(([name, ms]) => [`${name} CPU ms/req`, ms.toFixed(2)]),
        ),
      })),
    );
    const bytes = Buffer.byteLength(page);
    const br = brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }).length;
    console.log(
      `24-card list page: ${(bytes / 1024).toFixed(1)} KB JSON, ${(br / 1024).toFixed(1)} KB brotli, ${(
        gzipSync(page).length / 1024
      ).toFixed(1)} KB gzip`,
    );
  } finally {
    await backend.stop();
    rmSync(uploads, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
