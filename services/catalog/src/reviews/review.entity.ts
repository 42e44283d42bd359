import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A review. Customers' reviews carry their user id (one per product); staff-authored ones a name and e-mail. */
@Entity('reviews')
export class ReviewEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('uuid', { name: 'product_id' }) productId: string;
  @Column('uuid', { name: 'user_id', nullable: true }) userId: string | null;
  @Column('text') username: string;
  @Column('text', { name: 'reviewer_email', nullable: true }) reviewerEmail: string | null;
  @Column('boolean', { name: 'by_admin' }) byAdmin: boolean;
  @Column('smallint') rating: number;
  @Column('text') comment: string;
  @Column('text', { array: true }) pros: string[];
  @Column('text', { array: true }) cons: string[];
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  /** Deleted by staff, kept for an undo until the restore window closes. */
  @Column('timestamptz', { name: 'deleted_at', nullable: true }) deletedAt: Date | null;
}
