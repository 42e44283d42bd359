import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Staff can undo the deletion of a review: a deleted review is kept, as it was and with its
 * helpful votes, for a day (REVIEW_RESTORE_HOURS in reviews.service.ts), then forgotten. A customer
 * whose review was deleted may write a new one meanwhile, so one review per customer holds among
 * the reviews not deleted.
 */
export class ReviewRestore1788000000000 implements MigrationInterface {
  name = 'ReviewRestore1788000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE reviews ADD COLUMN deleted_at timestamptz`);
    await q.query(`DROP INDEX reviews_one_per_customer`);
    await q.query(
      `CREATE UNIQUE INDEX reviews_one_per_customer ON reviews (product_id, user_id) WHERE user_id IS NOT NULL AND deleted_at IS NULL`,
    );
    await q.query(`CREATE INDEX reviews_deleted ON reviews (deleted_at) WHERE deleted_at IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM reviews WHERE deleted_at IS NOT NULL`);
    await q.query(`DROP INDEX reviews_deleted`);
    await q.query(`DROP INDEX reviews_one_per_customer`);
    await q.query(`CREATE UNIQUE INDEX reviews_one_per_customer ON reviews (product_id, user_id) WHERE user_id IS NOT NULL`);
    await q.query(`ALTER TABLE reviews DROP COLUMN deleted_at`);
  }
}
