import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Auto reorder. The catalog keeps the two settings it follows beside the low-stock threshold, and
 * a product whose stock falls to its threshold gets one open reorder request, which staff mark
 * received. The settings row is dropped so that the catalog takes its whole part again from
 * admin-reporting at start (SettingsCatchUp): kept, it would hold auto reorder off until the
 * settings are next saved, whatever the shop chose. Until the answer arrives the low-stock
 * threshold is the seeded one, as on a new database.
 */
export class ReorderRequests1801000000000 implements MigrationInterface {
  name = 'ReorderRequests1801000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM shop_settings`);
    await q.query(`
      ALTER TABLE shop_settings
        ADD COLUMN auto_reorder_enabled boolean NOT NULL,
        ADD COLUMN auto_reorder_quantity integer NOT NULL CHECK (auto_reorder_quantity >= 1)`);
    await q.query(`
      CREATE TABLE reorder_requests (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        product_id uuid NOT NULL REFERENCES products (id),
        quantity integer NOT NULL CHECK (quantity >= 1),
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'received')),
        opened_by text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        received_at timestamptz,
        received_by text,
        CHECK ((status = 'received') = (received_at IS NOT NULL AND received_by IS NOT NULL))
      )`);
    await q.query(
      `CREATE UNIQUE INDEX reorder_requests_one_open ON reorder_requests (product_id) WHERE status = 'open'`,
    );
    await q.query(
      `CREATE INDEX reorder_requests_received ON reorder_requests (received_at DESC) WHERE status = 'received'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE reorder_requests`);
    await q.query(
      `ALTER TABLE shop_settings DROP COLUMN auto_reorder_enabled, DROP COLUMN auto_reorder_quantity`,
    );
  }
}
