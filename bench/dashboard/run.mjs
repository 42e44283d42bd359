#!/usr/bin/env node
/**
 * bench/dashboard: the back office's dashboard and customers list with 200k orders and 20k
 * customers in admin-reporting's read models (filled by SQL, see generate.mjs), through the gateway.
 *
 *   npx tsc -b services/user services/admin-reporting gateway && node bench/dashboard/run.mjs
 *   (BENCH_SECONDS=10, BENCH_CONNECTIONS=10, BENCH_ORDERS=200000, BENCH_CUSTOMERS=20000 by default)
 */
import autocannon from 'autocannon';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { adminToken, call } from '../lib/api.mjs';
import { DATABASE_URL, startBackend } from '../lib/backend.mjs';
import { generate } from './generate.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 200_000);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 20_000);

const ROUTES = [
  ['dashboard', '/api/admin2009/dashboard'],
  ['dashboard, one month', '/api/admin2009/dashboard?month=3'],
  ['dashboard, last month', '/api/admin2009/dashboard?period=previous_month'],
  ['customers, page 1', '/api/admin2009/customers'],
  ['customers, page 500', '/api/admin2009/customers?page=500'],
  ['customers, search', '/api/admin2009/customers?search=company%201234'],
  ['customers, VIP', '/api/admin2009/customers?status=vip'],
  ['customers, inactive business', '/api/admin2009/customers?status=inactive&type=business'],
];

function run(url, path, token, duration = SECONDS) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: `${url}${path}`, connections: CONNECTIONS, duration, headers: { authorization: `Bearer ${token}` } },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

const row = (name, r) =>
  `${name.padEnd(30)} | ${r.requests.average.toFixed(0).padStart(6)} | ${String(r.latency.p50).padStart(6)} | ${String(r.latency.p97_5).padStart(7)} | ${String(r.latency.p99).padStart(6)} | ${String(r.latency.max).padStart(6)} | ${String(r.non2xx + r.errors + r.timeouts).padStart(6)}`;

async function main() {
  const backend = await startBackend({ services: ['user', 'admin-reporting'] });
  const db = new pg.Client({ connectionString: DATABASE_URL.replace(/\/[^/]*$/, `/${backend.databases.find((d) => d.endsWith('admin_reporting'))}`) });
  try {
    await db.connect();
    console.log(`filling the read models: ${ORDERS} orders, ${CUSTOMERS} customers`);
    await generate(db, { customers: CUSTOMERS, orders: ORDERS });
    const [{ lines }] = (await db.query(`SELECT count(*)::int AS lines FROM order_lines`)).rows;
    const token = await adminToken(backend.url);
    const sample = await call(backend.url, 'GET', '/admin2009/dashboard', undefined, token);
    for (const [, path] of ROUTES) await run(backend.url, path, token, 2);

    const results = [];
    const loadBefore = loadavg()[0];
    for (const [name, path] of ROUTES) results.push([name, await run(backend.url, path, token)]);
    console.log(`\nbench/dashboard — ${CONNECTIONS} connections, ${SECONDS} s per route, ${new Date().toISOString()}`);
    // The machine's other work competes for the same cores: the load average says how much.
    console.log(`${cpus().length} cores; 1-minute load average ${loadBefore.toFixed(1)} before the runs, ${loadavg()[0].toFixed(1)} after`);
    console.log(`read models: ${ORDERS} orders (${lines} lines), ${CUSTOMERS} customers; dashboard shows ${sample.totalOrders} orders, revenue ${sample.totalRevenue}`);
    console.log('route                          |  req/s | p50 ms | p97.5 ms | p99 ms | max ms | errors');
    for (const [name, result] of results) console.log(row(name, result));
  } finally {
    await db.end().catch(() => undefined);
    await backend.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
