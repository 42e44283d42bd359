import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { RpcCallOptions } from '@shop/kit';
import { Actor, RebuildReply, RebuildRunView, RebuildState, REPORTING_MESSAGES } from '@shop/proto';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { recomputeAggregates } from '../orders/order-aggregates';
import { SnapshotCounts, SnapshotLoader } from './snapshot-loader';

interface RunRow {
  id: string;
  state: RebuildState;
  started_at: Date;
  finished_at: Date | null;
  counts: Partial<SnapshotCounts>;
  error: string | null;
}

const READ_MODEL_TABLES = 'customers, products, reviews, orders, order_lines, payments, daily_sales, product_sales, customer_stats';

/**
 * Rebuilds the read models from the owning services when a projection is lost or in doubt. The
 * owners' snapshots are staged first; then, in one transaction holding the read models against
 * event handlers, each snapshot row replaces what is held unless the held row is newer (an event
 * handled while the snapshot was taken), rows the owners no longer have are dropped, and the
 * aggregates are recomputed from the orders. One rebuild runs at a time; it runs in the background.
 */
@Injectable()
export class RebuildService implements OnApplicationBootstrap {
  private readonly logger = new Logger(RebuildService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly loader: SnapshotLoader,
  ) {}

  /** A run this process was doing when it stopped will never finish. */
  async onApplicationBootstrap(): Promise<void> {
    await this.dataSource.query(
      `UPDATE rebuild_runs SET state = 'failed', finished_at = now(), error = 'Interrupted: the service stopped during the rebuild'
        WHERE state = 'running'`,
    );
  }

  async start(actor: Actor, requestId?: string): Promise<RebuildReply> {
    const id = randomUUID();
    const inserted: { id: string }[] = await this.dataSource.query(
      `INSERT INTO rebuild_runs (id, state, requested_by, started_at) VALUES ($1, 'running', $2, now())
       ON CONFLICT DO NOTHING RETURNING id`,
      [id, actor.userId],
    );
    if (inserted.length === 0) return { success: true, message: REPORTING_MESSAGES.rebuildRunning, run: await this.latest() };
    void this.run(id, { actor, requestId });
    return { success: true, message: REPORTING_MESSAGES.rebuildStarted, run: await this.latest() };
  }

  async status(): Promise<RebuildReply> {
    const run = await this.latest();
    return { success: true, message: run ? `The last rebuild ${run.state === 'running' ? 'is running' : run.state}` : 'No rebuild has run', run };
  }

  private async run(id: string, caller: RpcCallOptions): Promise<void> {
    try {
      const [{ started_at: startedAt }]: { started_at: Date }[] = await this.dataSource.query(
        `SELECT started_at FROM rebuild_runs WHERE id = $1`,
        [id],
      );
      const counts = await this.loader.load(caller);
      await this.dataSource.transaction((m) => this.merge(m, startedAt));
      await this.dataSource.query(`UPDATE rebuild_runs SET state = 'succeeded', finished_at = now(), counts = $2 WHERE id = $1`, [
        id,
        JSON.stringify(counts),
      ]);
      this.logger.log(`read models rebuilt: ${JSON.stringify(counts)}`);
    } catch (err) {
      this.logger.error(`rebuild ${id} failed: ${err.message}`);
      await this.dataSource
        .query(`UPDATE rebuild_runs SET state = 'failed', finished_at = now(), error = $2 WHERE id = $1`, [id, String(err.message ?? err)])
        .catch((e) => this.logger.error(`could not record the failed rebuild: ${e.message}`));
    }
  }

  private async merge(m: EntityManager, startedAt: Date): Promise<void> {
    await m.query(`LOCK TABLE ${READ_MODEL_TABLES} IN EXCLUSIVE MODE`);

    await m.query(
      `INSERT INTO customers (user_id, username, email, phone, name, company_name, city, is_active, registered_at, as_of)
       SELECT user_id, username, email, phone, name, company_name, city, is_active, registered_at, as_of FROM rebuild_customers
       ON CONFLICT (user_id) DO UPDATE SET
         username = EXCLUDED.username, email = EXCLUDED.email, phone = EXCLUDED.phone, name = EXCLUDED.name,
         company_name = EXCLUDED.company_name, city = EXCLUDED.city, is_active = EXCLUDED.is_active,
         registered_at = EXCLUDED.registered_at, as_of = EXCLUDED.as_of
       WHERE customers.as_of <= EXCLUDED.as_of`,
    );

    // Stock moves without touching a product's updated_at: on a tie the copy the events keep wins.
    await m.query(
      `INSERT INTO products (product_id, version, name, brand, category, price_paise, image, stock, low_stock_threshold,
                             deleted, created_at, updated_at)
       SELECT product_id, 0, name, brand, category, price_paise, image, stock, low_stock_threshold, false, created_at, updated_at
         FROM rebuild_products
       ON CONFLICT (product_id) DO UPDATE SET
         name = EXCLUDED.name, brand = EXCLUDED.brand, category = EXCLUDED.category, price_paise = EXCLUDED.price_paise,
         image = EXCLUDED.image, stock = EXCLUDED.stock, low_stock_threshold = EXCLUDED.low_stock_threshold,
         deleted = false, updated_at = EXCLUDED.updated_at
       WHERE products.updated_at < EXCLUDED.updated_at`,
    );
    await m.query(
      `UPDATE products p SET created_at = r.created_at, low_stock_threshold = r.low_stock_threshold
         FROM rebuild_products r
        WHERE p.product_id = r.product_id AND p.updated_at = r.updated_at`,
    );
    await m.query(
      `UPDATE products p SET deleted = true
        WHERE NOT p.deleted AND p.updated_at < $1 AND NOT EXISTS (SELECT 1 FROM rebuild_products r WHERE r.product_id = p.product_id)`,
      [startedAt],
    );

    await m.query(
      `INSERT INTO reviews (review_id, product_id, rating, created_at)
       SELECT review_id, product_id, rating, created_at FROM rebuild_reviews ON CONFLICT (review_id) DO NOTHING`,
    );
    await m.query(
      `DELETE FROM reviews v
        WHERE v.created_at < $1
          AND NOT EXISTS (SELECT 1 FROM rebuild_reviews r WHERE r.review_id = v.review_id)
          AND (EXISTS (SELECT 1 FROM rebuild_products p WHERE p.product_id = v.product_id)
               OR EXISTS (SELECT 1 FROM products p WHERE p.product_id = v.product_id AND p.deleted))`,
      [startedAt],
    );

    await m.query(
      `INSERT INTO orders (order_id, user_id, created_at, status, status_at, payment_status, paid_at, total_paise, has_lines, updated_at)
       SELECT order_id, user_id, created_at, status, updated_at, payment_status, paid_at, total_paise,
              EXISTS (SELECT 1 FROM rebuild_order_lines l WHERE l.order_id = o.order_id), updated_at
         FROM rebuild_orders o
       ON CONFLICT (order_id) DO UPDATE SET
         user_id = EXCLUDED.user_id, created_at = EXCLUDED.created_at, status = EXCLUDED.status, status_at = EXCLUDED.status_at,
         payment_status = EXCLUDED.payment_status, paid_at = EXCLUDED.paid_at, total_paise = EXCLUDED.total_paise,
         has_lines = orders.has_lines OR EXCLUDED.has_lines, updated_at = EXCLUDED.updated_at
       WHERE orders.updated_at <= EXCLUDED.updated_at`,
    );
    await m.query(
      `INSERT INTO order_lines (order_id, position, product_id, name, quantity, unit_price_paise)
       SELECT l.order_id, l.position, l.product_id, l.name, l.quantity, l.unit_price_paise
         FROM rebuild_order_lines l
        WHERE NOT EXISTS (SELECT 1 FROM order_lines x WHERE x.order_id = l.order_id)
       ON CONFLICT DO NOTHING`,
    );
    // A paid order's capture, as the order knows it (also when its money is being given back since);
    // failed attempts and refunds are only known from events.
    await m.query(
      `INSERT INTO payments (order_id, outcome, provider_order_id, payment_id, method, amount_paise, at)
       SELECT order_id, 'captured', provider_order_id, payment_id, payment_method, total_paise, coalesce(paid_at, updated_at)
         FROM rebuild_orders
        WHERE payment_status = 'paid' OR (payment_status IN ('refund_pending', 'refunded', 'refund_failed') AND paid_at IS NOT NULL)
       ON CONFLICT (order_id) WHERE outcome = 'captured' DO NOTHING`,
    );

    await recomputeAggregates(m);
  }

  private async latest(): Promise<RebuildRunView | null> {
    const [row]: RunRow[] = await this.dataSource.query(
      `SELECT id, state, started_at, finished_at, counts, error FROM rebuild_runs ORDER BY started_at DESC LIMIT 1`,
    );
    if (!row) return null;
    return {
      id: row.id,
      state: row.state,
      startedAt: row.started_at.toISOString(),
      finishedAt: row.finished_at?.toISOString() ?? null,
      counts: { customers: row.counts.customers ?? 0, products: row.counts.products ?? 0, reviews: row.counts.reviews ?? 0, orders: row.counts.orders ?? 0 },
      error: row.error,
    };
  }
}
