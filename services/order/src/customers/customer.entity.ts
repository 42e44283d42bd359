import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The order service's projection of accounts (user.registered, user.updated), for the back office and checkout. */
@Entity('customers')
export class CustomerEntity {
  @PrimaryColumn('uuid', { name: 'user_id' }) userId: string;
  @Column('text') username: string;
  @Column('text') email: string;
  @Column('text', { nullable: true }) name: string | null;
  /** Whether the customer's e-mail address is verified: checkout is refused until it is, while the shop requires it. */
  @Column('boolean', { name: 'email_verified' }) emailVerified: boolean;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt: Date;
}
