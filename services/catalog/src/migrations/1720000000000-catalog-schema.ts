import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The trigger function feeding `search_words` with the words of new and renamed products' names
 * (1770000000000 extends it, and puts this one back when undone).
 */
export const REMEMBER_NAME_WORDS = `
      CREATE OR REPLACE FUNCTION catalog_remember_words() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO search_words (word)
          SELECT DISTINCT w FROM new_rows n, unnest(tsvector_to_array(to_tsvector('simple', n.name))) AS w
           WHERE length(w) >= 3
          ON CONFLICT DO NOTHING;
        ELSE
          -- Stock and version updates are the common case; only renamed products bring new words.
          INSERT INTO search_words (word)
          SELECT DISTINCT w FROM new_rows n JOIN old_rows o ON o.id = n.id AND o.name IS DISTINCT FROM n.name,
                 unnest(tsvector_to_array(to_tsvector('simple', n.name))) AS w
           WHERE length(w) >= 3
          ON CONFLICT DO NOTHING;
        END IF;
        RETURN NULL;
      END $$`;

/**
 * Products, the customization library, reviews (with a projection of customer names), stock
 * reservations, and the search machinery: full-text vectors over names and over the rest, a
 * pattern index for "names starting with", a trigram index on the lower-cased name (the back
 * office's substring search), and a trigram-indexed lexicon of name words for typos.
 */
export class CatalogSchema1720000000000 implements MigrationInterface {
  name = 'CatalogSchema1720000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    // array_to_string is only STABLE in general; over text[] it is immutable, which a generated column needs.
    await q.query(`
      CREATE FUNCTION catalog_words(text[]) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT array_to_string($1, ' ') $$`);

    await q.query(`
      CREATE TABLE products (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        description text NOT NULL,
        category text NOT NULL,
        brand text NOT NULL CHECK (brand IN ('ms', 'jaksh')),
        price_paise integer NOT NULL CHECK (price_paise >= 0),
        original_price_paise integer CHECK (original_price_paise >= 0),
        images text[] NOT NULL DEFAULT '{}',
        tags text[] NOT NULL DEFAULT '{}',
        stock integer NOT NULL DEFAULT 0 CHECK (stock >= 0),
        reserved integer NOT NULL DEFAULT 0 CHECK (reserved >= 0 AND reserved <= stock),
        sku text,
        weight_grams numeric(12, 2) CHECK (weight_grams >= 0),
        dimensions jsonb,
        is_new boolean NOT NULL DEFAULT false,
        is_best_seller boolean NOT NULL DEFAULT false,
        is_customizable boolean NOT NULL DEFAULT false,
        allows_image_upload boolean NOT NULL DEFAULT false,
        available_sizes text[] NOT NULL DEFAULT '{}',
        turnaround_time text,
        low_stock_threshold smallint CHECK (low_stock_threshold BETWEEN 1 AND 10),
        rating numeric(3, 2) NOT NULL DEFAULT 0,
        review_count integer NOT NULL DEFAULT 0,
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz,
        name_key text GENERATED ALWAYS AS (lower(name)) STORED,
        name_tsv tsvector GENERATED ALWAYS AS (to_tsvector('simple', name) || to_tsvector('english', name)) STORED,
        body_tsv tsvector GENERATED ALWAYS AS (
          to_tsvector('simple', category || ' ' || catalog_words(tags)) || to_tsvector('english', description)
        ) STORED
      )`);
    await q.query(`CREATE UNIQUE INDEX products_sku ON products (sku) WHERE sku IS NOT NULL`);
    // One index per sort, alone and under the brand filter, over live products only.
    await q.query(`CREATE INDEX products_by_name ON products (name_key, id) WHERE deleted_at IS NULL`);
    await q.query(
      `CREATE INDEX products_by_brand_name ON products (brand, name_key, id) WHERE deleted_at IS NULL`,
    );
    await q.query(`CREATE INDEX products_by_price ON products (price_paise, id) WHERE deleted_at IS NULL`);
    await q.query(
      `CREATE INDEX products_by_brand_price ON products (brand, price_paise, id) WHERE deleted_at IS NULL`,
    );
    await q.query(`CREATE INDEX products_by_created ON products (created_at, id) WHERE deleted_at IS NULL`);
    await q.query(
      `CREATE INDEX products_by_brand_created ON products (brand, created_at, id) WHERE deleted_at IS NULL`,
    );
    await q.query(
      `CREATE INDEX products_by_category_name ON products (lower(category), name_key, id) WHERE deleted_at IS NULL`,
    );
    await q.query(
      `CREATE INDEX products_by_category_rating ON products (lower(category), rating DESC, review_count DESC) WHERE deleted_at IS NULL`,
    );
    await q.query(`CREATE INDEX products_name_tsv ON products USING gin (name_tsv)`);
    await q.query(`CREATE INDEX products_body_tsv ON products USING gin (body_tsv)`);
    await q.query(`CREATE INDEX products_name_trgm ON products USING gin (name_key gin_trgm_ops)`);

    // "Names starting with" in index order.
    await q.query(
      `CREATE INDEX products_name_prefix ON products (name_key text_pattern_ops) WHERE deleted_at IS NULL`,
    );

    // Typos are corrected against the lexicon of words used in names (a few thousand rows however
    // large the catalog), by trigram distance, rather than comparing the text with every name. A
    // statement trigger feeds it, bulk inserts included; words that fall out of use stay harmlessly.
    await q.query(`CREATE TABLE search_words (word text PRIMARY KEY)`);
    await q.query(`CREATE INDEX search_words_trgm ON search_words USING gist (word gist_trgm_ops)`);
    await q.query(REMEMBER_NAME_WORDS);
    await q.query(`
      CREATE TRIGGER products_words_on_insert AFTER INSERT ON products
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_remember_words()`);
    await q.query(`
      CREATE TRIGGER products_words_on_update AFTER UPDATE ON products
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_remember_words()`);

    await q.query(`
      CREATE TABLE customization_definitions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        type text NOT NULL CHECK (type IN ('boolean', 'select', 'multi-select', 'text', 'image', 'file')),
        description text NOT NULL DEFAULT '',
        is_default boolean NOT NULL DEFAULT false,
        is_active boolean NOT NULL DEFAULT true,
        price_modifier jsonb,
        options jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE product_customizations (
        product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
        option_id uuid NOT NULL REFERENCES customization_definitions (id),
        position smallint NOT NULL,
        enabled boolean NOT NULL DEFAULT true,
        price_modifier jsonb,
        options jsonb,
        PRIMARY KEY (product_id, option_id)
      )`);
    await q.query(`CREATE INDEX product_customizations_by_option ON product_customizations (option_id)`);

    await q.query(`
      CREATE TABLE customers (
        user_id uuid PRIMARY KEY,
        username text NOT NULL,
        email text,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE reviews (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
        user_id uuid,
        username text NOT NULL,
        reviewer_email text,
        by_admin boolean NOT NULL DEFAULT false,
        rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
        comment text NOT NULL,
        pros text[] NOT NULL DEFAULT '{}',
        cons text[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE UNIQUE INDEX reviews_one_per_customer ON reviews (product_id, user_id) WHERE user_id IS NOT NULL`,
    );
    await q.query(`CREATE INDEX reviews_by_product ON reviews (product_id, created_at DESC)`);
    await q.query(`
      CREATE TABLE review_helpful (
        review_id uuid NOT NULL REFERENCES reviews (id) ON DELETE CASCADE,
        user_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (review_id, user_id)
      )`);

    await q.query(`
      CREATE TABLE stock_reservations (
        order_id uuid PRIMARY KEY,
        status text NOT NULL CHECK (status IN ('reserved', 'committed', 'released')),
        lines jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE stock_reservations`);
    await q.query(`DROP TABLE review_helpful`);
    await q.query(`DROP TABLE reviews`);
    await q.query(`DROP TABLE customers`);
    await q.query(`DROP TABLE product_customizations`);
    await q.query(`DROP TABLE customization_definitions`);
    await q.query(`DROP TABLE search_words`);
    await q.query(`DROP TABLE products`);
    await q.query(`DROP FUNCTION catalog_remember_words()`);
    await q.query(`DROP FUNCTION catalog_words(text[])`);
  }
}
