import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ReorderStatus } from '@shop/proto';

/** A request to restock a product. At most one per product is open (a partial unique index). */
@Entity('reorder_requests')
export class ReorderRequestEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('uuid', { name: 'product_id' }) productId: string;
  @Column('integer') quantity: number;
  @Column('text') status: ReorderStatus;
  /** What opened it: `auto-reorder` (the product's stock fell to its threshold). */
  @Column('text', { name: 'opened_by' }) openedBy: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column('timestamptz', { name: 'received_at', nullable: true }) receivedAt: Date | null;
  /** The staff member who marked it received. */
  @Column('text', { name: 'received_by', nullable: true }) receivedBy: string | null;
}
