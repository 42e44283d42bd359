/**
 * Fills admin-reporting's read models by SQL: products, customers, orders with their lines,
 * payments and reviews, then recomputes the aggregates with the service's own SQL, so the
 * benchmark reads exactly what the event handlers would have built.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root } from '../lib/backend.mjs';

const require = createRequire(import.meta.url);
const { RECOMPUTE_AGGREGATES_SQL } = require(join(root, 'services', 'admin-reporting', 'dist', 'orders', 'order-aggregates.js'));

const CATEGORIES = ['Lanyards', 'Labels', 'Stickers', 'Drinkware', 'Stationery', 'Gifts', 'Apparel'];
const CITIES = ['Pune', 'Mumbai', 'New Delhi', 'Bengaluru', 'Chennai', 'Hyderabad', 'Ahmedabad', 'Kolkata'];
const METHODS = ['upi', 'card', 'netbanking', 'wallet'];

export async function generate(db, { customers, orders, products = 500, reviews = 5000 }) {
  const step = async (what, sql, params = []) => {
    const started = Date.now();
    await db.query(sql, params);
    console.log(`  ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  };
  await db.query(`SELECT setseed(0.42)`);
  await step(
    `${products} products`,
    `INSERT INTO products (product_id, version, name, brand, category, price_paise, image, stock, low_stock_threshold, deleted, created_at, updated_at)
     SELECT gen_random_uuid(), 1, 'Bench product ' || i, CASE WHEN i % 2 = 0 THEN 'ms' ELSE 'jaksh' END,
            ($1::text[])[1 + i % array_length($1::text[], 1)], (20 + floor(random() * 980))::bigint * 100, NULL,
            floor(random() * 200)::int, CASE WHEN i % 5 = 0 THEN 8 END, false,
            now() - random() * interval '900 days', now()
       FROM generate_series(1, $2::int) i`,
    [CATEGORIES, products],
  );
  await step(
    `${customers} customers`,
    `INSERT INTO customers (user_id, username, email, phone, name, company_name, city, is_active, registered_at, as_of)
     SELECT gen_random_uuid(), 'bench_' || i, 'bench' || i || '@example.com', (9000000000 + i)::text, 'Customer ' || i,
            CASE WHEN i % 3 = 0 THEN 'Company ' || i END, ($1::text[])[1 + i % array_length($1::text[], 1)], true,
            now() - random() * interval '1000 days', now()
       FROM generate_series(1, $2::int) i`,
    [CITIES, customers],
  );
  await db.query(`CREATE TEMP TABLE bench_customers AS SELECT user_id, row_number() OVER (ORDER BY user_id) AS n FROM customers`);
  await db.query(`CREATE TEMP TABLE bench_products AS SELECT product_id, name, price_paise, row_number() OVER (ORDER BY product_id) AS n FROM products`);
  // Most orders are recent; a few customers place many of them; most are paid and delivered; some
  // wait, some expired, some were cancelled after payment.
  await step(
    `${orders} orders`,
    `INSERT INTO orders (order_id, user_id, created_at, status, status_at, payment_status, paid_at, total_paise, has_lines, updated_at)
     SELECT o.id, c.user_id, o.created_at,
            CASE WHEN o.r < 0.07 THEN 'Pending' WHEN o.r < 0.12 THEN 'Processing' WHEN o.r < 0.17 THEN 'Shipped'
                 WHEN o.r < 0.90 THEN 'Delivered' ELSE 'Cancelled' END,
            o.created_at,
            CASE WHEN o.r < 0.04 THEN 'pending' WHEN o.r >= 0.90 AND o.r < 0.95 THEN 'expired' ELSE 'paid' END,
            CASE WHEN o.r >= 0.04 AND NOT (o.r >= 0.90 AND o.r < 0.95) THEN o.created_at + interval '2 minutes' END,
            0, true, o.created_at
       FROM (SELECT gen_random_uuid() AS id, 1 + floor(power(random(), 2) * $1::int)::int AS cn,
                    now() - power(random(), 1.5) * interval '730 days' AS created_at, random() AS r
               FROM generate_series(1, $2::int)) o
       JOIN bench_customers c ON c.n = o.cn`,
    [customers, orders],
  );
  await step(
    'order lines (1 to 4 an order)',
    `INSERT INTO order_lines (order_id, position, product_id, name, quantity, unit_price_paise)
     SELECT o.order_id, g.pos, p.product_id, p.name, 1 + abs(hashtext(o.order_id::text || 'q' || g.pos)) % 5, p.price_paise
       FROM orders o
       CROSS JOIN LATERAL generate_series(0, abs(hashtext(o.order_id::text)) % 4) AS g(pos)
       JOIN bench_products p ON p.n = 1 + abs(hashtext(o.order_id::text || 'p' || g.pos)) % $1::int`,
    [products],
  );
  await step(
    'order totals',
    `UPDATE orders o SET total_paise = t.total
       FROM (SELECT order_id, sum(quantity * unit_price_paise) AS total FROM order_lines GROUP BY order_id) t
      WHERE t.order_id = o.order_id`,
  );
  await step(
    'payments',
    `INSERT INTO payments (order_id, outcome, provider_order_id, payment_id, method, amount_paise, at)
     SELECT order_id, 'captured', 'order_' || left(order_id::text, 8), 'pay_' || left(order_id::text, 8),
            ($1::text[])[1 + abs(hashtext(order_id::text)) % 4], total_paise, paid_at
       FROM orders WHERE payment_status = 'paid'`,
    [METHODS],
  );
  await step(
    `${reviews} reviews`,
    `INSERT INTO reviews (review_id, product_id, rating, created_at)
     SELECT gen_random_uuid(), p.product_id, 1 + floor(random() * 5)::int, now() - random() * interval '700 days'
       FROM generate_series(1, $1::int) i JOIN bench_products p ON p.n = 1 + i % (SELECT count(*) FROM bench_products)`,
    [reviews],
  );
  const started = Date.now();
  for (const sql of RECOMPUTE_AGGREGATES_SQL) await db.query(sql);
  console.log(`  aggregates recomputed (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  await db.query(`VACUUM ANALYZE`);
}
