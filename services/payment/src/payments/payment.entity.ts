import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export type PaymentAttemptStatus = 'captured' | 'failed';
export type PaymentReporter = 'browser' | 'webhook';

/** One payment attempt at Razorpay (`pay_...`) against a provider order. */
@Entity('payments')
export class PaymentEntity {
  @PrimaryColumn('text')
  id: string;

  @Column('text', { name: 'provider_order_id' })
  providerOrderId: string;

  @Column('uuid', { name: 'order_id' })
  orderId: string;

  @Column('varchar', { length: 8 })
  status: PaymentAttemptStatus;

  @Column('text', { nullable: true })
  method: string | null;

  @Column('integer', { name: 'amount_paise' })
  amountPaise: number;

  @Column('text', { name: 'error_code', nullable: true })
  errorCode: string | null;

  @Column('text', { name: 'error_description', nullable: true })
  errorDescription: string | null;

  @Column('varchar', { name: 'reported_by', length: 7 })
  reportedBy: PaymentReporter;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' })
  updatedAt: Date;
}
