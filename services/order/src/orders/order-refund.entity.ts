import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { PaymentRefundReason, RefundState } from '@shop/proto';
import { paiseColumn } from '../common/paise-column';

/**
 * A payment for an order that the payment service gives back: `pending` (`payment.refund-pending`),
 * `processed` (`payment.refunded`) or `failed` (`payment.refund-failed`). One row per refunded
 * payment that only moves forward, so an event published again, or late, records nothing new.
 */
@Entity('order_refunds')
export class OrderRefundEntity {
  @PrimaryColumn('text', { name: 'payment_id' }) paymentId: string;
  @Column('uuid', { name: 'order_id' }) orderId: string;
  @Column('text', { name: 'refund_id', nullable: true }) refundId: string | null;
  @Column('bigint', { name: 'amount_paise', transformer: paiseColumn }) amountPaise: number;
  @Column('text') reason: PaymentRefundReason;
  @Column('text') status: RefundState;
  /** Why the last attempt failed, for a refund given up. */
  @Column('text', { nullable: true }) error: string | null;
  @Column('timestamptz', { name: 'refunded_at', nullable: true }) refundedAt: Date | null;
  @Column('timestamptz', { name: 'recorded_at' }) recordedAt: Date;
}
