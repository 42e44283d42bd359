import { SHOP_TIME_ZONE } from '@shop/proto';
import type { EntityManager } from 'typeorm';
import type { Contribution } from './order-state';

type DailyVector = [orders: number, sales: number, revenuePaise: number, pending: number, delivered: number, cancelled: number];

const dailyVector = (d: NonNullable<Contribution['daily']>): DailyVector => [d.orders, d.sales, d.revenuePaise, d.pending, d.delivered, d.cancelled];

/**
 * Moves the aggregates from an order's old contribution to its new one, in the caller's
 * transaction. Tables and keys are always written in the same order, so two orders' events
 * handled at once cannot deadlock each other.
 */
export async function applyContributionChange(m: EntityManager, before: Contribution, after: Contribution): Promise<void> {
  const customer = after.customer ?? before.customer;
  if (customer) {
    const orders = (after.customer?.orders ?? 0) - (before.customer?.orders ?? 0);
    const spent = (after.customer?.spentPaise ?? 0) - (before.customer?.spentPaise ?? 0);
    const last = after.customer?.lastOrderAt ?? null;
    if (orders !== 0 || spent !== 0 || last) {
      await m.query(
        `INSERT INTO customer_stats (user_id, orders_count, spent_paise, last_order_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_id) DO UPDATE SET
           orders_count = customer_stats.orders_count + EXCLUDED.orders_count,
           spent_paise = customer_stats.spent_paise + EXCLUDED.spent_paise,
           last_order_at = GREATEST(customer_stats.last_order_at, EXCLUDED.last_order_at)`,
        [customer.userId, orders, spent, last],
      );
      await copyCustomerFigures(m, customer.userId);
    }
  }

  const days = new Map<string, DailyVector>();
  const add = (day: string, v: DailyVector, sign: 1 | -1) => {
    const sum = days.get(day) ?? [0, 0, 0, 0, 0, 0];
    days.set(day, sum.map((x, i) => x + sign * v[i]) as DailyVector);
  };
  if (before.daily) add(before.daily.day, dailyVector(before.daily), -1);
  if (after.daily) add(after.daily.day, dailyVector(after.daily), 1);
  for (const day of [...days.keys()].sort()) {
    const v = days.get(day)!;
    if (v.every((x) => x === 0)) continue;
    await m.query(
      `INSERT INTO daily_sales (day, orders, sales, revenue_paise, pending, delivered, cancelled) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (day) DO UPDATE SET
         orders = daily_sales.orders + EXCLUDED.orders,
         sales = daily_sales.sales + EXCLUDED.sales,
         revenue_paise = daily_sales.revenue_paise + EXCLUDED.revenue_paise,
         pending = daily_sales.pending + EXCLUDED.pending,
         delivered = daily_sales.delivered + EXCLUDED.delivered,
         cancelled = daily_sales.cancelled + EXCLUDED.cancelled`,
      [day, ...v],
    );
  }

  const productIds = [...new Set([...before.products.keys(), ...after.products.keys()])].sort();
  for (const productId of productIds) {
    const was = before.products.get(productId);
    const now = after.products.get(productId);
    const quantity = (now?.quantity ?? 0) - (was?.quantity ?? 0);
    const revenue = (now?.revenuePaise ?? 0) - (was?.revenuePaise ?? 0);
    if (quantity === 0 && revenue === 0) continue;
    await m.query(
      `INSERT INTO product_sales (product_id, name, quantity, revenue_paise) VALUES ($1, $2, $3, $4)
       ON CONFLICT (product_id) DO UPDATE SET
         name = EXCLUDED.name,
         quantity = product_sales.quantity + EXCLUDED.quantity,
         revenue_paise = product_sales.revenue_paise + EXCLUDED.revenue_paise`,
      [productId, (now ?? was)!.name, quantity, revenue],
    );
  }
}

/**
 * Copies a customer's figures onto their row of the customers list. Callers hold the
 * `customer_stats` row first (an order's change updates it; a registration locks it), so a
 * registration and an order of the same customer handled at once cannot miss each other.
 */
export async function copyCustomerFigures(m: EntityManager, userId: string): Promise<void> {
  await m.query(
    `UPDATE customers c SET orders_count = s.orders_count, spent_paise = s.spent_paise, last_order_at = s.last_order_at
       FROM customer_stats s WHERE s.user_id = $1 AND c.user_id = $1`,
    [userId],
  );
}

/**
 * The aggregates recomputed from the orders and their lines: what the incremental updates above
 * add up to. Used after a rebuild, and by the dashboard benchmark after it loads orders by SQL.
 */
export const RECOMPUTE_AGGREGATES_SQL: readonly string[] = [
  `TRUNCATE daily_sales, product_sales, customer_stats`,
  `INSERT INTO daily_sales (day, orders, sales, revenue_paise, pending, delivered, cancelled)
   SELECT (created_at AT TIME ZONE '${SHOP_TIME_ZONE}')::date,
          count(*), count(*) FILTER (WHERE is_sale), coalesce(sum(total_paise) FILTER (WHERE is_sale), 0),
          count(*) FILTER (WHERE status = 'Pending'), count(*) FILTER (WHERE status = 'Delivered'),
          count(*) FILTER (WHERE status = 'Cancelled')
     FROM orders WHERE created_at IS NOT NULL
    GROUP BY 1`,
  `INSERT INTO customer_stats (user_id, orders_count, spent_paise, last_order_at)
   SELECT user_id, count(*), coalesce(sum(total_paise) FILTER (WHERE is_sale), 0), max(created_at)
     FROM orders WHERE created_at IS NOT NULL
    GROUP BY user_id`,
  `INSERT INTO product_sales (product_id, name, quantity, revenue_paise)
   SELECT l.product_id, (array_agg(l.name ORDER BY o.created_at DESC))[1], sum(l.quantity), sum(l.quantity * l.unit_price_paise)
     FROM order_lines l JOIN orders o ON o.order_id = l.order_id
    WHERE o.is_sale
    GROUP BY l.product_id`,
  `UPDATE customers c SET orders_count = coalesce(s.orders_count, 0), spent_paise = coalesce(s.spent_paise, 0), last_order_at = s.last_order_at
     FROM customers c2 LEFT JOIN customer_stats s ON s.user_id = c2.user_id
    WHERE c2.user_id = c.user_id`,
];

export async function recomputeAggregates(m: EntityManager): Promise<void> {
  for (const sql of RECOMPUTE_AGGREGATES_SQL) await m.query(sql);
}
