import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** The catalog's copy of customers' names, fed by user.registered and user.updated, for review bylines. */
@Entity('customers')
export class CustomerEntity {
  @PrimaryColumn('uuid', { name: 'user_id' }) userId: string;
  @Column('text') username: string;
  @Column('text', { nullable: true }) email: string | null;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
