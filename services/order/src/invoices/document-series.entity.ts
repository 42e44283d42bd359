import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The last number a series (`INV`, `RCT`, `CN`) gave in a financial year (`26-27`). */
@Entity('document_series')
export class DocumentSeriesEntity {
  @PrimaryColumn('text') series: string;
  @PrimaryColumn('text', { name: 'financial_year' }) financialYear: string;
  @Column('integer', { name: 'last_number' }) lastNumber: number;
}
