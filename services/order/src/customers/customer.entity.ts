import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The order service's projection of accounts (user.registered, user.updated), for the back office. */
@Entity('customers')
export class CustomerEntity {
  @PrimaryColumn('uuid', { name: 'user_id' }) userId: string;
  @Column('text') username: string;
  @Column('text') email: string;
  @Column('text', { nullable: true }) name: string | null;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt: Date;
}
