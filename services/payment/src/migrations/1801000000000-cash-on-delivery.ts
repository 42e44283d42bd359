import { MigrationInterface, QueryRunner } from 'typeorm';

/** A cash-on-delivery order is known from the start as one this service never takes money for (`cod`). */
export class CashOnDelivery1801000000000 implements MigrationInterface {
  name = 'CashOnDelivery1801000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE order_amounts DROP CONSTRAINT order_amounts_closed_reason_check`);
    await q.query(`
      ALTER TABLE order_amounts ADD CONSTRAINT order_amounts_closed_reason_check
        CHECK (closed_reason IN ('paid', 'cancelled', 'expired', 'cod'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE order_amounts SET closed_reason = 'cancelled' WHERE closed_reason = 'cod'`);
    await q.query(`ALTER TABLE order_amounts DROP CONSTRAINT order_amounts_closed_reason_check`);
    await q.query(`
      ALTER TABLE order_amounts ADD CONSTRAINT order_amounts_closed_reason_check
        CHECK (closed_reason IN ('paid', 'cancelled', 'expired'))`);
  }
}
