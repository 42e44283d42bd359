import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

export type SandboxPaymentStatus = 'authorized' | 'captured' | 'refunded' | 'failed';

/** A payment as the simulated Razorpay keeps it. */
@Entity('sandbox_payments')
export class SandboxPaymentEntity {
  @PrimaryColumn('text')
  id: string;

  @Column('text', { name: 'order_id' })
  orderId: string;

  @Column('integer')
  amount: number;

  @Column('integer', { name: 'amount_refunded', default: 0 })
  amountRefunded: number;

  @Column('varchar', { length: 3 })
  currency: string;

  @Column('varchar', { length: 10 })
  status: SandboxPaymentStatus;

  @Column('text')
  method: string;

  @Column('text', { name: 'error_code', nullable: true })
  errorCode: string | null;

  @Column('text', { name: 'error_description', nullable: true })
  errorDescription: string | null;

  @Column('text', { name: 'error_reason', nullable: true })
  errorReason: string | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;

  @Column('timestamptz', { name: 'captured_at', nullable: true })
  capturedAt: Date | null;
}
