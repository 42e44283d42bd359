import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The documents issued for orders (tax invoices, receipts, credit notes), stored as issued, and
 * the counters of their gapless series, one row per series and financial year.
 */
export class OrderInvoices1801000000000 implements MigrationInterface {
  name = 'OrderInvoices1801000000000';

  async up(q: QueryRunner): Promise<void> {
    // A number is taken by updating its series' row in the transaction that stores the document,
    // so a transaction that rolls back gives its number back.
    await q.query(`
      CREATE TABLE document_series (
        series text NOT NULL,
        financial_year text NOT NULL,
        last_number integer NOT NULL CHECK (last_number >= 0),
        PRIMARY KEY (series, financial_year)
      )`);
    await q.query(`
      CREATE TABLE order_documents (
        id uuid PRIMARY KEY,
        order_id uuid NOT NULL REFERENCES orders (id),
        kind text NOT NULL CHECK (kind IN ('invoice', 'receipt', 'credit-note')),
        number text NOT NULL UNIQUE CHECK (char_length(number) <= 16),
        financial_year text NOT NULL,
        issued_at timestamptz NOT NULL,
        total_paise bigint NOT NULL,
        document jsonb NOT NULL,
        pdf bytea,
        reverses_id uuid REFERENCES order_documents (id),
        CHECK ((kind = 'credit-note') = (reverses_id IS NOT NULL)),
        UNIQUE (order_id, kind)
      )`);
    // An order is sold once: a tax invoice or a receipt, never both.
    await q.query(`
      CREATE UNIQUE INDEX order_documents_one_sale ON order_documents (order_id) WHERE kind IN ('invoice', 'receipt')`);
    // Issued means final: the only change a document takes is its PDF, once, where there was none.
    await q.query(`
      CREATE FUNCTION order_documents_never_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' OR OLD.pdf IS NOT NULL
           OR (NEW.id, NEW.order_id, NEW.kind, NEW.number, NEW.financial_year, NEW.issued_at, NEW.total_paise, NEW.document, NEW.reverses_id)
              IS DISTINCT FROM
              (OLD.id, OLD.order_id, OLD.kind, OLD.number, OLD.financial_year, OLD.issued_at, OLD.total_paise, OLD.document, OLD.reverses_id)
        THEN
          RAISE EXCEPTION 'document % was issued and never changes', OLD.number;
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE TRIGGER order_documents_never_change BEFORE UPDATE OR DELETE ON order_documents
        FOR EACH ROW EXECUTE FUNCTION order_documents_never_change()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE order_documents`);
    await q.query(`DROP FUNCTION order_documents_never_change()`);
    await q.query(`DROP TABLE document_series`);
  }
}
