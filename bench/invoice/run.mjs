#!/usr/bin/env node
/**
 * bench/invoice: tax invoice downloads through the gateway, as the storefront's order history and
 * confirmation page ask for them. Places and pays BENCH_ORDERS orders through the real checkout
 * path (POST /orders -> /payments/create-order -> the sandbox's pay -> /payments/verify, 20 at a
 * time), waits until the order service has issued every invoice, then downloads them with
 * BENCH_IN_FLIGHT requests in flight (GET /api/orders/{id}/documents/invoice, each with its
 * customer's token) for BENCH_SECONDS after a warm-up. Reports downloads per second, p50/p99 (the
 * issue's target: p99 under 200 ms at 20 in flight) and each process's CPU per download; every
 * answer is checked to be a PDF.
 *
 *   npx tsc -b tsconfig.build.json && npm run bench:invoice
 *   (BENCH_ORDERS=200, BENCH_SECONDS=20, BENCH_IN_FLIGHT=20, BENCH_WARMUP_SECONDS=3 by default)
 */
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import pg from 'pg';
import { adminToken, call, createProducts, registerCustomers } from '../lib/api.mjs';
import { cpuTimes, DATABASE_URL, percentile, startBackend } from '../lib/backend.mjs';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 20);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const SHOPPERS = 20;
const ADDRESS = {
  fullName: 'Bench Shopper',
  phone: '9876543210',
  email: 'bench@example.com',
  street: '7 Residency Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  pinCode: '560025',
  country: 'India',
};
/** A registered seller in Maharashtra: the invoices are tax invoices with IGST to Karnataka. */
const SELLER = {
  businessName: 'MS & Jaksh',
  businessEmail: 'accounts@msjaksh.example',
  businessPhone: '9822000000',
  businessAddress: '4 Industrial Estate, Bhosari, Pune 411026',
  businessState: 'Maharashtra',
  gstNumber: '27AAPFU0939F1ZV',
};

const agent = new Agent({ keepAlive: true, maxSockets: Math.max(IN_FLIGHT, SHOPPERS) });
const ms = (started) => Number(process.hrtime.bigint() - started) / 1e6;

/** One HTTP call over kept-alive node:http (fetch costs the load generator twice the CPU); answers status and bytes. */
function send(url, method, path, body, token) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/api${path}`,
      {
        method,
        agent,
        headers: {
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            type: res.headers['content-type'],
            bytes: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function post(url, path, body, token) {
  const res = await send(url, 'POST', path, body, token);
  const json = JSON.parse(res.bytes.toString('utf8') || '{}');
  if (res.status >= 400) throw new Error(`POST ${path}: ${res.status} ${json.message ?? ''}`);
  return json;
}

/** The storefront's checkout, paid in the sandbox; answers the order's id. */
async function paidOrder(url, token, product) {
  const { order } = await post(
    url,
    '/orders',
    {
      products: [{ product, quantity: 2, customization: {} }],
      shippingAddress: ADDRESS,
      paymentDetails: { status: 'pending', amount: 0, currency: 'INR' },
    },
    token,
  );
  const { order: payment } = await post(url, '/payments/create-order', { orderId: order._id }, token);
  const signed = await post(url, '/payments/sandbox/pay', {
    key: payment.key,
    order_id: payment.id,
    outcome: 'success',
    method: 'upi',
  });
  await post(url, '/payments/verify', { ...signed, orderId: order._id }, token);
  return order._id;
}

async function placeAndPay(url, products, shoppers) {
  const orders = [];
  let next = 0;
  await Promise.all(
    shoppers.map(async (token, s) => {
      while (next < ORDERS) {
        const n = next++;
        orders.push({ id: await paidOrder(url, token, products[n % products.length]), token, shopper: s });
      }
    }),
  );
  return orders;
}

/** Waits until the order service has issued (and rendered) an invoice for every order. */
async function invoicesIssued(databases, orders) {
  const db = new pg.Client({
    connectionString: DATABASE_URL.replace(/\/[^/]*$/, `/${databases.find((d) => d.endsWith('_order'))}`),
  });
  await db.connect();
  const ids = orders.map((o) => o.id);
  let row;
  for (let attempt = 0; attempt < 600; attempt += 1) {
    [row] = (
      await db.query(
        `SELECT count(*)::int AS issued, count(pdf)::int AS rendered FROM order_documents WHERE kind = 'invoice' AND order_id = ANY($1::uuid[])`,
        [ids],
      )
    ).rows;
    if (row.issued === ids.length && row.rendered === ids.length) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await db.end();
  return row;
}

/** BENCH_IN_FLIGHT downloads at a time for `seconds`; answers the time of each and the failures. */
async function download(url, orders, seconds, record) {
  const deadline = Date.now() + seconds * 1000;
  const failures = new Map();
  let n = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (Date.now() < deadline) {
        const order = orders[n++ % orders.length];
        const t = process.hrtime.bigint();
        try {
          const res = await send(url, 'GET', `/orders/${order.id}/documents/invoice`, undefined, order.token);
          if (
            res.status !== 200 ||
            res.type !== 'application/pdf' ||
            res.bytes.subarray(0, 4).toString() !== '%PDF'
          )
            throw new Error(`GET /orders/{id}/documents/invoice: ${res.status} ${res.type}`);
          record?.(ms(t), res.bytes.length);
        } catch (err) {
          failures.set(err.message, (failures.get(err.message) ?? 0) + 1);
        }
      }
    }),
  );
  return { elapsed: (Date.now() - started) / 1000, failures };
}

async function main() {
  const backend = await startBackend({
    services: ['user', 'catalog', 'order', 'payment', 'admin-reporting'],
    env: { LOG_LEVEL: 'warn' },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => void backend.stop().finally(() => process.exit(130)));
  }
  try {
    await call(backend.url, 'PATCH', '/admin2009/settings', SELLER, await adminToken(backend.url));
    const products = await createProducts(backend.url, {
      count: 5,
      name: 'Bench Lanyard',
      description: 'A lanyard for the invoice benchmark.',
      price: (i) => 120 + i * 35,
    });
    const shoppers = await registerCustomers(
      backend.url,
      SHOPPERS,
      `invoicebench${randomUUID().slice(0, 4)}`,
      { mailUrl: backend.mailUrl },
    );
    const placing = Date.now();
    const orders = await placeAndPay(backend.url, products, shoppers);
    const issued = await invoicesIssued(backend.databases, orders);
    console.log(
      `invoice bench: ${orders.length} orders placed and paid in ${((Date.now() - placing) / 1000).toFixed(1)} s; invoices issued ${issued.issued}, rendered ${issued.rendered}`,
    );

    await download(backend.url, orders, WARMUP_SECONDS);
    const times = [];
    let bytes = 0;
    const before = { cpu: await cpuTimes(backend.processes), machine: await backend.cpuMs() };
    const { elapsed, failures } = await download(backend.url, orders, SECONDS, (t, size) => {
      times.push(t);
      bytes += size;
    });
    const after = { cpu: await cpuTimes(backend.processes), machine: await backend.cpuMs() };

    const attempted = times.length + [...failures.values()].reduce((a, b) => a + b, 0);
    const sorted = [...times].sort((a, b) => a - b);
    const perDownload = (was, now) =>
      Object.keys(now)
        .map((name) => `${name} ${((now[name] - (was[name] ?? 0)) / attempted).toFixed(2)}`)
        .join(', ');
    const total =
      Object.keys(after.machine).reduce(
        (sum, name) => sum + after.machine[name] - (before.machine[name] ?? 0),
        0,
      ) / attempted;
    console.log(
      `  ${IN_FLIGHT} downloads in flight, ${SECONDS} s (after ${WARMUP_SECONDS} s warm-up), PDFs of ${Math.round(bytes / Math.max(1, times.length))} bytes`,
    );
    console.log(
      `  downloads:  ${times.length} in ${elapsed.toFixed(1)} s = ${(times.length / elapsed).toFixed(1)}/s`,
    );
    console.log(
      `  latency:    p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms (target: p99 under 200 ms)`,
    );
    console.log(`  per download, CPU ms: ${perDownload(before.cpu, after.cpu)}`);
    const pick = (cpu) => ({ rabbitmq: cpu.rabbitmq ?? 0, client: cpu.client, postgres: cpu.postgres });
    console.log(
      `  per download, CPU ms of the broker, the load generator and all PostgreSQL: ${perDownload(pick(before.machine), pick(after.machine))}`,
    );
    console.log(`  per download, CPU ms of every process: ${total.toFixed(2)}`);
    const failed = attempted - times.length;
    console.log(`  failed downloads: ${failed}`);
    for (const [message, count] of failures) console.log(`    ${count} x ${message}`);
  } finally {
    agent.destroy();
    await backend.stop();
  }
}

await main();
