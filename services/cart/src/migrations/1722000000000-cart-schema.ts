import { MigrationInterface, QueryRunner } from 'typeorm';

/** Cart lines, the projection of catalog products that prices them, customization uploads, shipping settings. */
export class CartSchema1722000000000 implements MigrationInterface {
  name = 'CartSchema1722000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE cart_products (
        id uuid PRIMARY KEY,
        version integer NOT NULL,
        name varchar(200) NOT NULL,
        brand varchar(16) NOT NULL,
        category varchar(100) NOT NULL,
        price_paise integer NOT NULL CHECK (price_paise >= 0),
        image varchar(500),
        stock integer NOT NULL,
        allows_image_upload boolean NOT NULL DEFAULT false,
        available_sizes jsonb NOT NULL DEFAULT '[]',
        options jsonb NOT NULL DEFAULT '[]',
        deleted boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL
      )`);

    // Projection rows are never deleted, so every line keeps the product it names.
    await q.query(`
      CREATE TABLE cart_lines (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        product_id uuid NOT NULL REFERENCES cart_products (id),
        customization jsonb NOT NULL DEFAULT '{}',
        customization_key varchar(64) NOT NULL,
        quantity integer NOT NULL CHECK (quantity > 0),
        added_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Adding the same product with an identical customization lands on this key and adds quantity.
    await q.query(
      `CREATE UNIQUE INDEX cart_lines_identity_key ON cart_lines (user_id, product_id, customization_key)`,
    );
    await q.query(`CREATE INDEX cart_lines_user_idx ON cart_lines (user_id, added_at, id)`);

    await q.query(`
      CREATE TABLE customization_uploads (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        name varchar(255) NOT NULL,
        size integer NOT NULL,
        type varchar(50) NOT NULL,
        path varchar(300) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX customization_uploads_user_idx ON customization_uploads (user_id)`);

    await q.query(`
      CREATE TABLE shipping_settings (
        id smallint PRIMARY KEY CHECK (id = 1),
        free_shipping_threshold_paise integer NOT NULL,
        standard_shipping_paise integer NOT NULL,
        settings_at timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE shipping_settings`);
    await q.query(`DROP TABLE customization_uploads`);
    await q.query(`DROP TABLE cart_lines`);
    await q.query(`DROP TABLE cart_products`);
  }
}
