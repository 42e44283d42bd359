import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { DocumentKind } from '@shop/proto';
import { paiseColumn } from '../common/paise-column';
import type { InvoiceDocument } from './invoice-document';

/**
 * A document issued for an order, as issued: its figures and parties (`document`), and its PDF
 * once made from them. The table's trigger refuses any other change.
 */
@Entity('order_documents')
export class OrderDocumentEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('uuid', { name: 'order_id' }) orderId: string;
  @Column('text') kind: DocumentKind;
  @Column('text') number: string;
  @Column('text', { name: 'financial_year' }) financialYear: string;
  @Column('timestamptz', { name: 'issued_at' }) issuedAt: Date;
  @Column('bigint', { name: 'total_paise', transformer: paiseColumn }) totalPaise: number;
  @Column('jsonb', { select: false }) document: InvoiceDocument;
  @Column('bytea', { nullable: true, select: false }) pdf: Buffer | null;
  /** A credit note's invoice or receipt. */
  @Column('uuid', { name: 'reverses_id', nullable: true }) reversesId: string | null;
}
