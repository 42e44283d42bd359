import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the sitemap reads (`catalog.product.sitemap`), each from an index rather than the table: the
 * live products in id order with the time each last changed (an index-only scan, skipping earlier
 * pages in the index), and the last change to each brand's and each category's products. Those
 * two cover deleted products too, whose deletion is their last change: a product leaving a list
 * changes the list.
 */
export class ProductSitemap1802000000000 implements MigrationInterface {
  name = 'ProductSitemap1802000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX products_sitemap ON products (id) INCLUDE (updated_at) WHERE deleted_at IS NULL`,
    );
    await q.query(`CREATE INDEX products_by_brand_change ON products (brand, updated_at)`);
    await q.query(`CREATE INDEX products_by_category_change ON products (lower(category), updated_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX products_by_category_change`);
    await q.query(`DROP INDEX products_by_brand_change`);
    await q.query(`DROP INDEX products_sitemap`);
  }
}
