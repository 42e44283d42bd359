import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The catalog's projection of the shop's settings: the low-stock threshold for products that set
 * none of their own, as of the last `settings.updated` (no row: the seeded settings' value).
 */
export class CatalogShopSettings1742000000000 implements MigrationInterface {
  name = 'CatalogShopSettings1742000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE shop_settings (
        id smallint PRIMARY KEY CHECK (id = 1),
        low_stock_threshold integer NOT NULL CHECK (low_stock_threshold >= 1),
        occurred_at timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE shop_settings`);
  }
}
