import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

export type SandboxPaymentStatus = 'authorized' | 'captured' | 'refunded' | 'failed';

/**
 * How the simulated Razorpay answers a refund of the payment: made at once (`processed`), accepted
 * and left `pending` until settled, or accepted and then `failed` (with a `refund.failed` webhook).
 * Razorpay offers no such switch; tests and demonstrations set it to walk each path.
 */
export type SandboxRefundOutcome = 'processed' | 'pending' | 'failed';

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

  @Column('varchar', { name: 'refund_outcome', length: 9, default: 'processed' })
  refundOutcome: SandboxRefundOutcome;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;

  @Column('timestamptz', { name: 'captured_at', nullable: true })
  capturedAt: Date | null;
}
