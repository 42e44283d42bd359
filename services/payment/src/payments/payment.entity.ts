import type { PaymentRefundReason } from '@shop/proto';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * A payment owed back is `refund_due` until Razorpay accepts its refund (and again after a refund
 * Razorpay failed), `refund_pending` while Razorpay has the refund but has not made it, `refunded`
 * once it has, and `refund_failed` when every attempt failed and staff must see to it.
 */
export type PaymentAttemptStatus =
  'captured' | 'failed' | 'refund_due' | 'refund_pending' | 'refunded' | 'refund_failed';
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

  @Column('varchar', { length: 14 })
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

  /** Set once the payment is owed back, and kept after it is refunded. */
  @Column('varchar', { name: 'refund_reason', length: 12, nullable: true })
  refundReason: PaymentRefundReason | null;

  /** Razorpay's `rfnd_...` once it accepted the refund; cleared when that refund failed. */
  @Column('text', { name: 'refund_id', nullable: true })
  refundId: string | null;

  @Column('timestamptz', { name: 'refunded_at', nullable: true })
  refundedAt: Date | null;

  @Column('integer', { name: 'refund_attempts', default: 0 })
  refundAttempts: number;

  /** Refunds Razorpay made and then failed: each further round of attempts has its own idempotency key. */
  @Column('integer', { name: 'refund_round', default: 0 })
  refundRound: number;

  /** While the refund is due: when it may be tried next (a call in flight holds it until then). */
  @Column('timestamptz', { name: 'refund_next_at', nullable: true })
  refundNextAt: Date | null;

  /** Why the last attempt failed. */
  @Column('text', { name: 'refund_error', nullable: true })
  refundError: string | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' })
  updatedAt: Date;
}
