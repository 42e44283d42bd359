import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Orders with their lines and status history, the idempotency keys of checkout, coupons and their
 * redemptions, and the projections the order service keeps of accounts and shop settings.
 *
 * An order row is written before its stock is reserved (`reservation = 'pending'`) and becomes an
 * order anyone sees only once the catalog has reserved it (`reservation = 'reserved'`).
 */
export class OrderSchema1730000000000 implements MigrationInterface {
  name = 'OrderSchema1730000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE orders (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        status text NOT NULL DEFAULT 'Pending'
          CHECK (status IN ('Pending', 'Processing', 'Shipped', 'Delivered', 'Cancelled')),
        reservation text NOT NULL DEFAULT 'pending' CHECK (reservation IN ('pending', 'reserved')),
        payment_status text NOT NULL DEFAULT 'pending'
          CHECK (payment_status IN ('pending', 'paid', 'failed', 'expired', 'cancelled')),
        payment_method text NOT NULL,
        razorpay_order_id text,
        payment_id text,
        paid_at timestamptz,
        currency text NOT NULL DEFAULT 'INR',
        subtotal_paise bigint NOT NULL CHECK (subtotal_paise >= 0),
        discount_paise bigint NOT NULL CHECK (discount_paise >= 0),
        shipping_paise bigint NOT NULL CHECK (shipping_paise >= 0),
        tax_paise bigint NOT NULL CHECK (tax_paise >= 0),
        tax_rate numeric(5, 2) NOT NULL,
        total_paise bigint NOT NULL CHECK (total_paise >= 0),
        coupon_code text,
        coupon_percent smallint NOT NULL DEFAULT 0,
        shipping_address jsonb NOT NULL,
        tracking_number text,
        cancel_reason text CHECK (cancel_reason IN ('expired', 'staff')),
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX orders_by_user ON orders (user_id, created_at DESC) WHERE reservation = 'reserved'`,
    );
    await q.query(
      `CREATE INDEX orders_by_created ON orders (created_at DESC, id) WHERE reservation = 'reserved'`,
    );
    await q.query(
      `CREATE INDEX orders_by_status ON orders (status, created_at DESC) WHERE reservation = 'reserved'`,
    );
    await q.query(`
      CREATE INDEX orders_unpaid_by_expiry ON orders (expires_at)
      WHERE status = 'Pending' AND payment_status IN ('pending', 'failed') AND reservation = 'reserved'`);
    await q.query(`CREATE INDEX orders_unreserved ON orders (created_at) WHERE reservation = 'pending'`);

    await q.query(`
      CREATE TABLE order_lines (
        order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
        position smallint NOT NULL,
        product_id uuid NOT NULL,
        name text NOT NULL,
        brand text,
        image text,
        base_price_paise bigint NOT NULL CHECK (base_price_paise >= 0),
        unit_price_paise bigint NOT NULL CHECK (unit_price_paise >= 0),
        quantity integer NOT NULL CHECK (quantity > 0),
        customization jsonb NOT NULL DEFAULT '{}',
        PRIMARY KEY (order_id, position)
      )`);

    await q.query(`
      CREATE TABLE order_status_history (
        id bigserial PRIMARY KEY,
        order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
        status text NOT NULL,
        at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX order_status_history_by_order ON order_status_history (order_id, id)`);

    await q.query(`
      CREATE TABLE idempotency_keys (
        user_id uuid NOT NULL,
        key text NOT NULL,
        request_hash text NOT NULL,
        order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, key)
      )`);
    await q.query(`CREATE INDEX idempotency_keys_by_age ON idempotency_keys (created_at)`);

    await q.query(`
      CREATE TABLE coupons (
        code text PRIMARY KEY CHECK (code = upper(code)),
        percent smallint NOT NULL CHECK (percent BETWEEN 1 AND 100),
        context text NOT NULL CHECK (context IN ('cart', 'checkout')),
        description text NOT NULL DEFAULT '',
        valid_from timestamptz NOT NULL DEFAULT now(),
        valid_until timestamptz,
        max_uses integer CHECK (max_uses > 0),
        max_uses_per_user integer CHECK (max_uses_per_user > 0),
        active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE coupon_redemptions (
        order_id uuid PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
        code text NOT NULL REFERENCES coupons (code),
        user_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX coupon_redemptions_by_code ON coupon_redemptions (code, user_id)`);
    // The storefront's codes (spec, section 9): the checkout coupon and the cart's two promo codes.
    await q.query(`
      INSERT INTO coupons (code, percent, context, description, valid_from) VALUES
        ('WELCOME10', 10, 'checkout', 'Checkout coupon: 10% off', '2024-01-01T00:00:00+05:30'),
        ('SAVE10', 10, 'cart', 'Cart promo code: 10% off', '2024-01-01T00:00:00+05:30'),
        ('BULK20', 20, 'cart', 'Cart promo code: 20% off', '2024-01-01T00:00:00+05:30')`);

    await q.query(`
      CREATE TABLE customers (
        user_id uuid PRIMARY KEY,
        username text NOT NULL,
        email text NOT NULL,
        name text,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE shop_settings (
        id smallint PRIMARY KEY CHECK (id = 1),
        data jsonb NOT NULL,
        occurred_at timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE shop_settings`);
    await q.query(`DROP TABLE customers`);
    await q.query(`DROP TABLE coupon_redemptions`);
    await q.query(`DROP TABLE coupons`);
    await q.query(`DROP TABLE idempotency_keys`);
    await q.query(`DROP TABLE order_status_history`);
    await q.query(`DROP TABLE order_lines`);
    await q.query(`DROP TABLE orders`);
  }
}
