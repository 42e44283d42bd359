import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A counter bumped by every statement that adds, removes or restores products or changes what the
 * list filters look at (price, brand, category, rating), in the same transaction: ListTotals knows
 * from it whether its in-memory copy of those columns is still the table's. Stock and reservations
 * do not bump it.
 */
export class CatalogListingVersion1764000000000 implements MigrationInterface {
  name = 'CatalogListingVersion1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE product_listing_version (
        id smallint PRIMARY KEY CHECK (id = 1),
        version bigint NOT NULL
      )`);
    await q.query(`INSERT INTO product_listing_version (id, version) VALUES (1, 0)`);
    await q.query(`
      CREATE FUNCTION catalog_bump_listing_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE product_listing_version SET version = version + 1 WHERE id = 1;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER products_listing_on_insert_or_delete AFTER INSERT OR DELETE OR TRUNCATE ON products
        FOR EACH STATEMENT EXECUTE FUNCTION catalog_bump_listing_version()`);
    await q.query(`
      CREATE TRIGGER products_listing_on_update
        AFTER UPDATE OF price_paise, brand, category, rating, deleted_at ON products
        FOR EACH STATEMENT EXECUTE FUNCTION catalog_bump_listing_version()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER products_listing_on_update ON products`);
    await q.query(`DROP TRIGGER products_listing_on_insert_or_delete ON products`);
    await q.query(`DROP FUNCTION catalog_bump_listing_version()`);
    await q.query(`DROP TABLE product_listing_version`);
  }
}
