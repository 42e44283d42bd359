import { Injectable, Logger } from '@nestjs/common';
import { DataSource, EntityManager, EntitySubscriberInterface, QueryRunner } from 'typeorm';
import type { InvoiceDocument } from './invoice-document';
import { renderDocumentPdf } from './invoice-pdf';

/**
 * The PDFs of issued documents: each made once from its stored JSON and kept beside it. A document
 * is rendered as soon as the transaction that issued it commits (never while that transaction holds
 * its series' counter), and on first fetch if that did not happen (the process stopped first).
 * Requests for a document being rendered in this process wait for that rendering; two processes
 * that render the same document at once store the same bytes, so whichever stores first stands.
 */
@Injectable()
export class DocumentPdfs implements EntitySubscriberInterface {
  private readonly logger = new Logger(DocumentPdfs.name);
  private readonly rendering = new Map<string, Promise<Buffer>>();
  private readonly issuedIn = new WeakMap<QueryRunner, string[]>();

  constructor(private readonly dataSource: DataSource) {
    // TypeORM calls a subscriber back on every commit and rollback of the data source.
    dataSource.subscribers.push(this);
  }

  /** Renders the document once the transaction `m` issued it in commits; nothing if it rolls back. */
  renderAfterCommit(m: EntityManager, documentId: string): void {
    if (!m.queryRunner?.isTransactionActive) {
      void this.renderStored(documentId);
      return;
    }
    const ids = this.issuedIn.get(m.queryRunner) ?? [];
    ids.push(documentId);
    this.issuedIn.set(m.queryRunner, ids);
  }

  afterTransactionCommit(event: { queryRunner: QueryRunner }): void {
    const ids = this.issuedIn.get(event.queryRunner);
    if (!ids) return;
    this.issuedIn.delete(event.queryRunner);
    for (const id of ids) void this.renderStored(id);
  }

  afterTransactionRollback(event: { queryRunner: QueryRunner }): void {
    this.issuedIn.delete(event.queryRunner);
  }

  /** The document's PDF: the stored one, or made now from its stored JSON (`document`, when the caller read it) and stored. */
  pdfOf(documentId: string, stored: Buffer | null, document: InvoiceDocument | null): Promise<Buffer> {
    if (stored) return Promise.resolve(stored);
    return this.once(documentId, () => (document ? this.store(documentId, document) : this.load(documentId)));
  }

  private async renderStored(documentId: string): Promise<void> {
    try {
      await this.once(documentId, () => this.load(documentId));
    } catch (err) {
      // The first fetch renders it instead.
      this.logger.error(`rendering document ${documentId} failed: ${(err as Error).message}`);
    }
  }

  private once(documentId: string, render: () => Promise<Buffer>): Promise<Buffer> {
    const inFlight = this.rendering.get(documentId);
    if (inFlight) return inFlight;
    const done = render().finally(() => this.rendering.delete(documentId));
    this.rendering.set(documentId, done);
    return done;
  }

  private async load(documentId: string): Promise<Buffer> {
    const [row]: { pdf: Buffer | null; document: InvoiceDocument | null }[] = await this.dataSource.query(
      `SELECT pdf, CASE WHEN pdf IS NULL THEN document END AS document FROM order_documents WHERE id = $1`,
      [documentId],
    );
    if (!row) throw new Error(`no document ${documentId}`);
    return row.pdf ?? this.store(documentId, row.document!);
  }

  private async store(documentId: string, document: InvoiceDocument): Promise<Buffer> {
    const pdf = await renderDocumentPdf(document);
    await this.dataSource.query(`UPDATE order_documents SET pdf = $2 WHERE id = $1 AND pdf IS NULL`, [
      documentId,
      pdf,
    ]);
    return pdf;
  }
}
