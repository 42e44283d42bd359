import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Order amounts (from order.placed), provider orders, payments, webhook events, the settings the
 * service uses, and the sandbox provider's own orders and payments.
 */
export class PaymentTables1716000000000 implements MigrationInterface {
  name = 'PaymentTables1716000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE order_amounts (
        order_id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        amount_paise integer NOT NULL CHECK (amount_paise > 0),
        currency varchar(3) NOT NULL,
        -- Set when the order can no longer be paid: cancelled, expired, or found already paid.
        closed_reason varchar(9) CHECK (closed_reason IN ('paid', 'cancelled', 'expired')),
        recorded_at timestamptz NOT NULL DEFAULT now()
      )`);

    // One provider order per shop order: create-order is idempotent on order_id. It is replaced
    // only when the shop switched between sandbox and live before the order was paid. A row in
    // status 'creating' (no provider order id yet) is the claim of the call asking Razorpay.
    await q.query(`
      CREATE TABLE provider_orders (
        order_id uuid PRIMARY KEY REFERENCES order_amounts (order_id),
        user_id uuid NOT NULL,
        provider_order_id text UNIQUE,
        mode varchar(7) NOT NULL CHECK (mode IN ('sandbox', 'live')),
        key_id text NOT NULL,
        amount_paise integer NOT NULL CHECK (amount_paise > 0),
        currency varchar(3) NOT NULL,
        status varchar(8) NOT NULL CHECK (status IN ('creating', 'created', 'failed', 'paid')),
        paid_payment_id text,
        paid_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((status = 'paid') = (paid_payment_id IS NOT NULL)),
        CHECK ((status = 'creating') = (provider_order_id IS NULL))
      )`);

    await q.query(`
      CREATE TABLE payments (
        id text PRIMARY KEY,
        provider_order_id text NOT NULL,
        order_id uuid NOT NULL REFERENCES provider_orders (order_id),
        status varchar(8) NOT NULL CHECK (status IN ('captured', 'failed')),
        method text,
        amount_paise integer NOT NULL,
        error_code text,
        error_description text,
        reported_by varchar(7) NOT NULL CHECK (reported_by IN ('browser', 'webhook')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX payments_order_idx ON payments (order_id)`);

    await q.query(`
      CREATE TABLE webhook_events (
        event_id text PRIMARY KEY,
        event text NOT NULL,
        provider_order_id text,
        received_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE payment_settings (
        id smallint PRIMARY KEY CHECK (id = 1),
        razorpay_key_id text NOT NULL,
        payment_gateway_live boolean NOT NULL,
        as_of timestamptz NOT NULL
      )`);

    await q.query(`
      CREATE TABLE sandbox_orders (
        id text PRIMARY KEY,
        key_id text NOT NULL,
        amount integer NOT NULL,
        amount_paid integer NOT NULL DEFAULT 0,
        currency varchar(3) NOT NULL,
        receipt text,
        notes jsonb NOT NULL DEFAULT '{}',
        -- Razorpay's payment_capture: false leaves successful payments authorized until captured.
        auto_capture boolean NOT NULL DEFAULT true,
        status varchar(9) NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'attempted', 'paid')),
        attempts integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE sandbox_payments (
        id text PRIMARY KEY,
        order_id text NOT NULL REFERENCES sandbox_orders (id),
        amount integer NOT NULL,
        currency varchar(3) NOT NULL,
        status varchar(10) NOT NULL CHECK (status IN ('authorized', 'captured', 'failed')),
        method text NOT NULL,
        error_code text,
        error_description text,
        error_reason text,
        created_at timestamptz NOT NULL DEFAULT now(),
        captured_at timestamptz
      )`);
    await q.query(`CREATE INDEX sandbox_payments_order_idx ON sandbox_payments (order_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE sandbox_payments`);
    await q.query(`DROP TABLE sandbox_orders`);
    await q.query(`DROP TABLE payment_settings`);
    await q.query(`DROP TABLE webhook_events`);
    await q.query(`DROP TABLE payments`);
    await q.query(`DROP TABLE provider_orders`);
    await q.query(`DROP TABLE order_amounts`);
  }
}
