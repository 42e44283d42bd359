import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Orders placed before the cart vouched for their files kept whatever link the client sent. A file
 * keeps its link only when it is the one the cart writes for its upload (`/uploads/customizations/
 * <fileId>.<ext>`, relative, as every shipped configuration serves them); any other becomes its name,
 * so staff are never shown a link a shopper made up.
 */
export class OrderFileLinks1783000000000 implements MigrationInterface {
  name = 'OrderFileLinks1783000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      WITH files AS (
        SELECT l.order_id, l.position,
               jsonb_agg(
                 CASE WHEN f->>'fileId' ~ '^[0-9a-f-]{36}$'
                        AND f->>'url' ~ ('^/[^/]*/?customizations/' || (f->>'fileId') || '\\.[a-z0-9]+$')
                      THEN f
                      ELSE jsonb_build_object('name', f->'name') END
                 ORDER BY e.i) AS kept
          FROM order_lines l,
               jsonb_array_elements(l.customization->'uploadedFiles') WITH ORDINALITY AS e(f, i)
         WHERE jsonb_typeof(l.customization->'uploadedFiles') = 'array'
         GROUP BY l.order_id, l.position)
      UPDATE order_lines l
         SET customization = jsonb_set(l.customization, '{uploadedFiles}', files.kept)
        FROM files
       WHERE l.order_id = files.order_id AND l.position = files.position
         AND l.customization->'uploadedFiles' IS DISTINCT FROM files.kept`);
  }

  /** The links that were dropped are not kept anywhere: there is nothing to put back. */
  async down(): Promise<void> {}
}
