#!/usr/bin/env node
/**
 * bench/ssr: the storefront's server rendering pages under load, as a crawler, a chat preview or a
 * shopper's first request meets it. The whole shop as `npm start` serves it (six services, the
 * gateway, the storefront's server, the seeded catalog); 50 connections ask the gateway for page
 * HTML, which hands them to the storefront's server, which renders them from the gateway's /api.
 *
 *   product page  /product/<id>, over every seeded product in turn
 *   list page     /products with brand, category, search, sort and page in the URL, in turn
 *
 * Each page is measured BENCH_ROUNDS times (3) for BENCH_SECONDS (10) after a warm-up; the median
 * round is printed against issue 31's targets, with the CPU per page of the storefront's server and
 * of every other process (from /proc), steadier than req/s on a shared machine.
 * Through the gateway, as `npm start` serves pages, a page is rendered once and then sent from the
 * gateway's StorefrontPageCache until the catalog or the settings change; BENCH_DIRECT=1 asks the
 * storefront's server directly, as Compose's proxy and the Kubernetes ingress do, so every request
 * is a render: what a page costs when nothing is kept.
 *
 *   npm run build && node scripts/build-apps.mjs
 *   node bench/ssr/run.mjs
 */
import autocannon from 'autocannon';
import { availableParallelism, loadavg } from 'node:os';
import { cpuTimes } from '../lib/backend.mjs';
import { startShop, stopOnSignal } from '../web-store/shop.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DIRECT = process.env.BENCH_DIRECT === '1';
const TARGETS = {
  'product page': { rps: 400, p99: 100 },
  'list page': { rps: 300, p99: 150 },
};

async function json(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
  return res.json();
}

/** The paths each page cycles through, from the seeded catalog. */
async function pagePaths(gatewayUrl) {
  const list = await json(`${gatewayUrl}/api/products?limit=100`);
  const products = list.products ?? list.data ?? list;
  if (!Array.isArray(products) || products.length === 0) throw new Error('the seeded catalog answered no products');
  const categories = [...new Set(products.map((p) => p.category).filter(Boolean))];
  const words = [...new Set(products.flatMap((p) => String(p.name).toLowerCase().split(/\W+/)).filter((w) => w.length > 3))];
  const lists = [
    '/products',
    '/products?brand=MS',
    '/products?brand=Jaksh',
    '/products?sort=price-asc',
    '/products?sort=price-desc&page=2',
    '/products?minPrice=100&maxPrice=900',
    ...categories.map((c) => `/products?category=${encodeURIComponent(c)}`),
    ...words.slice(0, 8).map((w) => `/products?search=${encodeURIComponent(w)}`),
  ];
  return {
    'product page': products.map((p) => `/product/${p._id}`),
    'list page': lists,
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function cpu(shop) {
  return { ...(await shop.backend.cpuMs()), ...(await cpuTimes([shop.storefront.process])) };
}

/** One autocannon run over `paths` in turn; req/s, latency and CPU per page by process. */
async function measure(shop, target, paths, duration) {
  let n = 0;
  const statuses = {};
  const before = await cpu(shop);
  const run = autocannon({
    url: target,
    connections: CONNECTIONS,
    duration,
    // What a browser sends: HTML compressed, as the deployed proxy or the gateway answers it.
    headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' },
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[n++ % paths.length] }) }],
  });
  run.on('response', (_client, status) => (statuses[status] = (statuses[status] ?? 0) + 1));
  const result = await run;
  const after = await cpu(shop);
  const failed = Object.entries(statuses).filter(([status]) => !status.startsWith('2'));
  if (result.errors || result.timeouts || failed.length)
    console.error(`errors: ${result.errors} (${result.timeouts} timeouts), answers other than 2xx: ${JSON.stringify(Object.fromEntries(failed))}`);
  const pages = Math.max(1, result.requests.total);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
    cpu: Object.fromEntries(Object.keys(after).map((name) => [name, (after[name] - before[name]) / pages])),
  };
}

async function main() {
  const shop = await startShop();
  stopOnSignal(shop);
  try {
    const target = DIRECT ? shop.storefront.url : shop.gatewayUrl;
    const pages = await pagePaths(shop.gatewayUrl);
    const load = () => loadavg().map((v) => v.toFixed(2)).join(' ');
    console.log(
      `ssr bench: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s per page (after ${WARMUP_SECONDS} s warm-up), ` +
        `${DIRECT ? "the storefront's server directly" : 'through the gateway, as npm start serves pages'}; ` +
        `load average ${load()} (${availableParallelism()} cores)`,
    );
    for (const [name, paths] of Object.entries(pages)) {
      // What is measured is the page itself, whole, not an error page or an empty answer.
      const sample = await fetch(`${target}${paths[0]}`, { headers: { accept: 'text/html' } });
      const html = await sample.text();
      if (sample.status !== 200 || !html.includes('</html>') || !html.includes('<h1'))
        throw new Error(`${paths[0]} answered ${sample.status} without a whole page`);
      await measure(shop, target, paths, WARMUP_SECONDS);
      const rounds = [];
      for (let i = 0; i < ROUNDS; i += 1) rounds.push(await measure(shop, target, paths, SECONDS));
      const mid = [...rounds].sort((a, b) => a.rps - b.rps)[Math.floor(rounds.length / 2)];
      const { rps, p99 } = TARGETS[name];
      const verdict = (ok) => (ok ? 'met' : 'NOT met');
      console.log(`\n${name} (${paths.length} paths in turn), median round of ${ROUNDS}:`);
      console.log(`  ${Math.round(mid.rps)} pages/s (target >= ${rps}: ${verdict(mid.rps >= rps)}), rounds ${rounds.map((r) => Math.round(r.rps)).join(' / ')}`);
      console.log(
        `  p50 ${mid.p50} ms, p99 ${median(rounds.map((r) => r.p99))} ms (target < ${p99}: ${verdict(median(rounds.map((r) => r.p99)) < p99)}), ` +
          `p99 rounds ${rounds.map((r) => r.p99).join(' / ')}; errors ${rounds.reduce((a, r) => a + r.errors, 0)}`,
      );
      // The storefront's server is always shown: through the gateway it renders only the pages the
      // gateway does not hold yet (StorefrontPageCache), so its share is near 0 there.
      const cpuLine = Object.entries(mid.cpu)
        .filter(([process, ms]) => process === 'web-store' || ms > 0.005)
        .map(([process, ms]) => `${process} ${ms.toFixed(2)}`)
        .join(', ');
      console.log(`  CPU ms per page: ${cpuLine}`);
    }
    console.log(`\nload average after: ${load()}`);
  } finally {
    await shop.stop();
  }
}

await main();
