import { MigrationInterface, QueryRunner } from 'typeorm';

/** Customers, admins, their addresses and wishlists, and the login attempts behind lock-out. */
export class UserTables1714000000000 implements MigrationInterface {
  name = 'UserTables1714000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        username varchar(30) NOT NULL,
        email varchar(254) NOT NULL CHECK (email = lower(email)),
        password_hash text NOT NULL,
        phone varchar(10),
        name varchar(100),
        profile_pic varchar(500),
        company_name varchar(120),
        is_active boolean NOT NULL DEFAULT true,
        last_login timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX users_username_lower_key ON users (lower(username))`);
    await q.query(`CREATE UNIQUE INDEX users_email_key ON users (email)`);

    await q.query(`
      CREATE TABLE admins (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email varchar(254) NOT NULL CHECK (email = lower(email)),
        password_hash text NOT NULL,
        last_login timestamptz,
        last_logout timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX admins_email_key ON admins (email)`);

    await q.query(`
      CREATE TABLE addresses (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        name varchar(100) NOT NULL,
        phone varchar(10) NOT NULL,
        street varchar(300) NOT NULL,
        city varchar(100) NOT NULL,
        state varchar(60) NOT NULL,
        pin_code varchar(6) NOT NULL,
        country varchar(60) NOT NULL DEFAULT 'India',
        is_default boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX addresses_user_idx ON addresses (user_id, created_at)`);
    // A customer has at most one default address, whatever races the service loses.
    await q.query(`CREATE UNIQUE INDEX addresses_one_default_key ON addresses (user_id) WHERE is_default`);

    await q.query(`
      CREATE TABLE wishlist_items (
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        product_id uuid NOT NULL,
        added_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, product_id)
      )`);

    // One row per login attempt; an attempt counts as failed until it is marked succeeded.
    await q.query(`
      CREATE TABLE login_attempts (
        id bigserial PRIMARY KEY,
        realm varchar(16) NOT NULL,
        account_key text NOT NULL,
        ip text,
        attempted_at timestamptz NOT NULL,
        succeeded boolean NOT NULL DEFAULT false,
        cleared boolean NOT NULL DEFAULT false
      )`);
    await q.query(
      `CREATE INDEX login_attempts_account_idx ON login_attempts (realm, account_key, attempted_at)`,
    );
    await q.query(`CREATE INDEX login_attempts_ip_idx ON login_attempts (realm, ip, attempted_at)`);
    await q.query(`CREATE INDEX login_attempts_time_idx ON login_attempts (attempted_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE login_attempts`);
    await q.query(`DROP TABLE wishlist_items`);
    await q.query(`DROP TABLE addresses`);
    await q.query(`DROP TABLE admins`);
    await q.query(`DROP TABLE users`);
  }
}
