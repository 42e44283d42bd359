import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The shop's settings (owned here) and the read models admin-reporting keeps from other services'
 * events: customers, products, reviews, orders with their lines, payments, and the aggregates the
 * dashboard reads (sales per IST day, per product, per customer), kept in step with the orders.
 * The `rebuild_*` tables stage owners' snapshots while the read models are rebuilt.
 */
export class ReportingSchema1740000000000 implements MigrationInterface {
  name = 'ReportingSchema1740000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);

    await q.query(`
      CREATE TABLE shop_settings (
        id smallint PRIMARY KEY CHECK (id = 1),
        data jsonb NOT NULL,
        razorpay_key_secret text,
        updated_at timestamptz NOT NULL
      )`);

    await q.query(`
      CREATE TABLE customers (
        user_id uuid PRIMARY KEY,
        username text NOT NULL,
        email text NOT NULL,
        phone text,
        name text,
        company_name text,
        city text,
        is_active boolean NOT NULL DEFAULT true,
        registered_at timestamptz NOT NULL,
        as_of timestamptz NOT NULL,
        search_text text GENERATED ALWAYS AS (
          lower(username || ' ' || email || ' ' || coalesce(phone, '') || ' ' || coalesce(company_name, '') || ' ' || coalesce(name, ''))
        ) STORED
      )`);
    await q.query(`CREATE INDEX customers_newest ON customers (registered_at DESC, user_id DESC)`);
    await q.query(`CREATE INDEX customers_search ON customers USING gin (search_text gin_trgm_ops)`);

    await q.query(`
      CREATE TABLE products (
        product_id uuid PRIMARY KEY,
        version integer NOT NULL,
        name text NOT NULL,
        brand text,
        category text NOT NULL DEFAULT '',
        price_paise bigint NOT NULL DEFAULT 0,
        image text,
        stock integer NOT NULL DEFAULT 0,
        low_stock_threshold smallint,
        deleted boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);

    await q.query(`
      CREATE TABLE reviews (
        review_id uuid PRIMARY KEY,
        product_id uuid NOT NULL,
        rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
        created_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX reviews_by_product ON reviews (product_id)`);

    // An order is assembled from whichever of its events arrive first; a sale is a placed order
    // that is paid and not cancelled.
    await q.query(`
      CREATE TABLE orders (
        order_id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        created_at timestamptz,
        status text NOT NULL DEFAULT 'Pending',
        status_at timestamptz,
        payment_status text NOT NULL DEFAULT 'pending',
        paid_at timestamptz,
        total_paise bigint NOT NULL DEFAULT 0,
        has_lines boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL,
        is_sale boolean GENERATED ALWAYS AS (
          created_at IS NOT NULL AND has_lines AND payment_status = 'paid' AND status <> 'Cancelled'
        ) STORED
      )`);
    await q.query(`CREATE INDEX orders_newest ON orders (created_at DESC, order_id DESC) WHERE created_at IS NOT NULL`);
    await q.query(`CREATE INDEX orders_by_user ON orders (user_id, created_at DESC)`);
    await q.query(`CREATE INDEX orders_sales_by_time ON orders (created_at) WHERE is_sale`);

    await q.query(`
      CREATE TABLE order_lines (
        order_id uuid NOT NULL REFERENCES orders (order_id) ON DELETE CASCADE,
        position smallint NOT NULL,
        product_id uuid NOT NULL,
        name text NOT NULL,
        quantity integer NOT NULL CHECK (quantity > 0),
        unit_price_paise bigint NOT NULL,
        PRIMARY KEY (order_id, position)
      )`);

    await q.query(`
      CREATE TABLE payments (
        id bigserial PRIMARY KEY,
        order_id uuid NOT NULL,
        outcome text NOT NULL CHECK (outcome IN ('captured', 'failed')),
        provider_order_id text,
        payment_id text,
        method text,
        amount_paise bigint,
        reason text,
        at timestamptz NOT NULL
      )`);
    await q.query(`CREATE UNIQUE INDEX payments_captured_once ON payments (order_id) WHERE outcome = 'captured'`);
    await q.query(`CREATE INDEX payments_by_time ON payments (at)`);

    await q.query(`
      CREATE TABLE daily_sales (
        day date PRIMARY KEY,
        orders integer NOT NULL DEFAULT 0,
        sales integer NOT NULL DEFAULT 0,
        revenue_paise bigint NOT NULL DEFAULT 0,
        pending integer NOT NULL DEFAULT 0,
        delivered integer NOT NULL DEFAULT 0,
        cancelled integer NOT NULL DEFAULT 0
      )`);
    await q.query(`
      CREATE TABLE product_sales (
        product_id uuid PRIMARY KEY,
        name text NOT NULL,
        quantity bigint NOT NULL DEFAULT 0,
        revenue_paise bigint NOT NULL DEFAULT 0
      )`);
    await q.query(`
      CREATE TABLE customer_stats (
        user_id uuid PRIMARY KEY,
        orders_count integer NOT NULL DEFAULT 0,
        spent_paise bigint NOT NULL DEFAULT 0,
        last_order_at timestamptz
      )`);

    await q.query(`
      CREATE TABLE rebuild_runs (
        id uuid PRIMARY KEY,
        state text NOT NULL CHECK (state IN ('running', 'succeeded', 'failed')),
        requested_by uuid,
        started_at timestamptz NOT NULL,
        finished_at timestamptz,
        counts jsonb NOT NULL DEFAULT '{}',
        error text
      )`);
    await q.query(`CREATE UNIQUE INDEX rebuild_runs_one_running ON rebuild_runs ((true)) WHERE state = 'running'`);
    await q.query(`
      CREATE UNLOGGED TABLE rebuild_customers (
        user_id uuid PRIMARY KEY, username text NOT NULL, email text NOT NULL, phone text, name text,
        company_name text, city text, is_active boolean NOT NULL, registered_at timestamptz NOT NULL, as_of timestamptz NOT NULL
      )`);
    await q.query(`
      CREATE UNLOGGED TABLE rebuild_products (
        product_id uuid PRIMARY KEY, name text NOT NULL, brand text, category text NOT NULL, price_paise bigint NOT NULL,
        image text, stock integer NOT NULL, low_stock_threshold smallint, created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL
      )`);
    await q.query(`
      CREATE UNLOGGED TABLE rebuild_reviews (
        review_id uuid PRIMARY KEY, product_id uuid NOT NULL, rating smallint NOT NULL, created_at timestamptz NOT NULL
      )`);
    await q.query(`
      CREATE UNLOGGED TABLE rebuild_orders (
        order_id uuid PRIMARY KEY, user_id uuid NOT NULL, created_at timestamptz NOT NULL, status text NOT NULL,
        payment_status text NOT NULL, paid_at timestamptz, total_paise bigint NOT NULL, updated_at timestamptz NOT NULL,
        payment_method text, payment_id text, provider_order_id text
      )`);
    await q.query(`
      CREATE UNLOGGED TABLE rebuild_order_lines (
        order_id uuid NOT NULL, position smallint NOT NULL, product_id uuid NOT NULL, name text NOT NULL,
        quantity integer NOT NULL, unit_price_paise bigint NOT NULL, PRIMARY KEY (order_id, position)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'rebuild_order_lines', 'rebuild_orders', 'rebuild_reviews', 'rebuild_products', 'rebuild_customers', 'rebuild_runs',
      'customer_stats', 'product_sales', 'daily_sales', 'payments', 'order_lines', 'orders', 'reviews', 'products',
      'customers', 'shop_settings',
    ]) {
      await q.query(`DROP TABLE ${table}`);
    }
  }
}
