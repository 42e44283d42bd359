import { Injectable } from '@nestjs/common';
import { EventPublisher, RpcError } from '@shop/kit';
import {
  Actor,
  DocumentKind,
  EVENTS,
  InvoiceIssuedEvent,
  ORDER_MESSAGES,
  OrderDocumentPdf,
} from '@shop/proto';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { OrderLineEntity } from '../orders/order-line.entity';
import type { OrderEntity } from '../orders/order.entity';
import { SettingsService } from '../settings/settings.service';
import { DocumentPdfs } from './document-pdfs';
import { DOCUMENT_SERIES, documentFilename, documentNumber, financialYearOf } from './document-number';
import { creditNote, InvoiceDocument, saleDocument, saleKindOf } from './invoice-document';
import { OrderDocumentEntity } from './order-document.entity';

/** What issued a document, as `invoice.issued` tells it. */
export type IssueTrigger = InvoiceIssuedEvent['trigger'];

/** A number taken from a series, with the instant it was taken at. */
interface TakenNumber {
  number: string;
  financialYear: string;
  issuedAt: Date;
}

/**
 * Issues an order's documents: its tax invoice (or receipt, while the shop has no GSTIN) and the
 * credit note that reverses it. Each is issued in the caller's transaction, which holds the order's
 * row: the number is taken from its series' counter in that transaction, so a transaction that
 * rolls back takes no number, and concurrent issuers wait on the counter only until it commits.
 */
@Injectable()
export class InvoicesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventPublisher,
    private readonly settings: SettingsService,
    private readonly pdfs: DocumentPdfs,
  ) {}

  /** The order's tax invoice or receipt, unless it has one already (then null). */
  async issueSale(
    m: EntityManager,
    order: OrderEntity,
    trigger: IssueTrigger,
  ): Promise<OrderDocumentEntity | null> {
    if (await this.saleOf(m, order.id)) return null;
    const lines = await m.find(OrderLineEntity, { where: { orderId: order.id } });
    const settings = await this.settings.settings(m);
    const kind = saleKindOf(settings);
    const taken = await this.takeNumber(m, DOCUMENT_SERIES[kind]);
    const document = saleDocument({ order, lines, settings }, { kind, ...taken });
    return this.store(m, order, document, taken.financialYear, null, trigger);
  }

  /**
   * The credit note reversing the order's invoice or receipt: null when the order has none (nothing
   * was invoiced, so nothing is reversed); the one issued before when there is one.
   */
  async issueCreditNote(
    m: EntityManager,
    order: OrderEntity,
    reason: string,
    trigger: IssueTrigger,
  ): Promise<OrderDocumentEntity | null> {
    const sale = await this.saleOf(m, order.id);
    if (!sale) return null;
    const issued = await m.findOneBy(OrderDocumentEntity, { orderId: order.id, kind: 'credit-note' });
    if (issued) return issued;
    const taken = await this.takeNumber(m, DOCUMENT_SERIES['credit-note']);
    const document = creditNote(sale.document, { ...taken, reason });
    return this.store(m, order, document, taken.financialYear, sale.id, trigger);
  }

  /**
   * One document's PDF: for its customer, staff, or another service (no actor: the mail sender).
   * Anyone else, like an order or document that does not exist, is answered 404.
   */
  async pdf(actor: Actor | null, orderId: string, kind: DocumentKind): Promise<OrderDocumentPdf> {
    const [row]: {
      id: string;
      number: string;
      userId: string;
      pdf: Buffer | null;
      document: InvoiceDocument | null;
    }[] = await this.dataSource.query(
      `SELECT d.id, d.number, o.user_id AS "userId", d.pdf, CASE WHEN d.pdf IS NULL THEN d.document END AS document
       FROM order_documents d JOIN orders o ON o.id = d.order_id
       WHERE d.order_id = $1 AND d.kind = $2`,
      [orderId, kind],
    );
    const allowed =
      !actor || actor.role === 'admin' || (actor.role === 'customer' && actor.userId === row?.userId);
    if (!row || !allowed) throw RpcError.notFound(ORDER_MESSAGES.documentNotFound);
    const pdf = await this.pdfs.pdfOf(row.id, row.pdf, row.document);
    return { filename: documentFilename(row.number), pdfBase64: pdf.toString('base64') };
  }

  private async saleOf(
    m: EntityManager,
    orderId: string,
  ): Promise<Pick<OrderDocumentEntity, 'id' | 'document'> | null> {
    const [sale]: Pick<OrderDocumentEntity, 'id' | 'document'>[] = await m.query(
      `SELECT id, document FROM order_documents WHERE order_id = $1 AND kind IN ('invoice', 'receipt')`,
      [orderId],
    );
    return sale ?? null;
  }

  /**
   * The next number of a series in the financial year of its date of issue. The date is the
   * database's clock once the counter's row is locked, so numbers and dates rise together. Should
   * the year turn while this waited for the lock, the number goes back (no one else can have taken
   * one after it: this transaction holds the row) and is taken from the new year's series.
   */
  private async takeNumber(m: EntityManager, series: string): Promise<TakenNumber> {
    let financialYear = financialYearOf(new Date());
    for (;;) {
      const [taken]: { last_number: number; issued_at: Date }[] = await m.query(
        `INSERT INTO document_series AS s (series, financial_year, last_number) VALUES ($1, $2, 1)
         ON CONFLICT (series, financial_year) DO UPDATE SET last_number = s.last_number + 1
         RETURNING s.last_number, clock_timestamp() AS issued_at`,
        [series, financialYear],
      );
      const yearOfIssue = financialYearOf(taken.issued_at);
      if (yearOfIssue === financialYear)
        return {
          number: documentNumber(series, financialYear, taken.last_number),
          financialYear,
          issuedAt: taken.issued_at,
        };
      await m.query(
        `UPDATE document_series SET last_number = last_number - 1 WHERE series = $1 AND financial_year = $2`,
        [series, financialYear],
      );
      financialYear = yearOfIssue;
    }
  }

  private async store(
    m: EntityManager,
    order: OrderEntity,
    document: InvoiceDocument,
    financialYear: string,
    reversesId: string | null,
    trigger: IssueTrigger,
  ): Promise<OrderDocumentEntity> {
    const row = m.create(OrderDocumentEntity, {
      id: randomUUID(),
      orderId: order.id,
      kind: document.kind,
      number: document.number,
      financialYear,
      issuedAt: new Date(document.issuedAt),
      totalPaise: document.totals.totalPaise,
      document,
      pdf: null,
      reversesId,
    });
    await m.insert(OrderDocumentEntity, row);
    await this.events.publish<InvoiceIssuedEvent>(m, EVENTS.invoiceIssued, {
      documentId: row.id,
      orderId: order.id,
      userId: order.userId,
      kind: row.kind,
      number: row.number,
      issuedAt: document.issuedAt,
      totalPaise: row.totalPaise,
      trigger,
      paymentMethod: order.paymentMethod,
    });
    this.pdfs.renderAfterCommit(m, row.id);
    return row;
  }
}
