#!/usr/bin/env node
/**
 * bench/cart: add-to-cart and get-cart through the gateway at 50 connections (autocannon).
 * Requests go round-robin over 50 customers, so the runs measure many carts, not one contended row.
 * Add-to-cart spreads over 5 products x 2 customizations, so every cart read holds 10 lines.
 *
 *   npx tsc -b services/user services/catalog services/cart gateway && node bench/cart/run.mjs
 *   (BENCH_SECONDS=10 and BENCH_CONNECTIONS=50 by default)
 */
import autocannon from 'autocannon';
import { call, createProducts, registerCustomers } from '../lib/api.mjs';
import { startBackend } from '../lib/backend.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** Products come from the catalog's admin route; the cart learns them from product.upserted. */
async function seed(url) {
  const products = await createProducts(url, {
    count: 5,
    name: 'Bench Notebook',
    description: 'A notebook for the cart benchmark.',
    price: (i) => 100 + i * 25,
  });
  const customers = await registerCustomers(url, CONNECTIONS, 'cartbench');
  // The projection is fed by events: wait until the cart can price every product.
  for (const productId of products) {
    for (let attempt = 0; ; attempt += 1) {
      const res = await fetch(`${url}/api/cart`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${customers[0]}` },
        body: JSON.stringify({ productId, quantity: 1 }),
      });
      if (res.ok) break;
      if (attempt > 200) throw new Error(`the cart never learned product ${productId}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return { products, customers };
}

/**
 * One autocannon run. autocannon resets a connection's context after every request, so requests
 * are numbered here: request i goes to customer i mod N, which spreads the load over every cart.
 */
function run(url, title, customers, request, duration = SECONDS) {
  let seq = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        title,
        connections: CONNECTIONS,
        duration,
        requests: [
          {
            setupRequest: (req) => {
              const i = seq++;
              return request(req, {
                token: customers[i % customers.length],
                round: Math.floor(i / customers.length),
              });
            },
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    autocannon.track(instance, {
      renderProgressBar: false,
      renderResultsTable: false,
      renderLatencyTable: false,
    });
  });
}

/** Each customer's successive adds cycle through 5 products x 2 customizations: 10 lines a cart. */
const addToCart =
  (products) =>
  (req, { token, round }) => ({
    ...req,
    method: 'POST',
    path: '/api/cart',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      productId: products[round % products.length],
      quantity: 1,
      customization:
        Math.floor(round / products.length) % 2 ? { size: 'A5', comments: 'Logo on the cover' } : {},
    }),
  });

const getCart = (req, { token }) => ({
  ...req,
  method: 'GET',
  path: '/api/cart',
  headers: { authorization: `Bearer ${token}` },
});

const row = (name, r) =>
  `${name.padEnd(16)} | ${r.requests.average.toFixed(0).padStart(7)} | ${String(r.latency.p50).padStart(7)} | ${String(r.latency.p99).padStart(7)} | ${String(r.latency.max).padStart(7)} | ${String(r.non2xx + r.errors + r.timeouts).padStart(6)}`;

async function main() {
  const backend = await startBackend({ services: ['user', 'catalog', 'cart'] });
  try {
    const { products, customers } = await seed(backend.url);
    await run(backend.url, 'warm-up', customers, addToCart(products), 3);
    const add = await run(backend.url, 'add-to-cart', customers, addToCart(products));
    const get = await run(backend.url, 'get-cart', customers, getCart);
    const lines = (await call(backend.url, 'GET', '/cart', undefined, customers[1])).cart.items.length;
    console.log(
      `\nbench/cart — ${CONNECTIONS} connections, ${SECONDS} s per run, ${new Date().toISOString()}`,
    );
    console.log('route            |   req/s | p50 ms  | p99 ms  | max ms  | errors');
    console.log(row('POST /api/cart', add));
    console.log(row('GET /api/cart', get));
    console.log(
      `\n(requests round-robin over ${customers.length} customers; a cart read holds ${lines} lines)`,
    );
  } finally {
    await backend.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
