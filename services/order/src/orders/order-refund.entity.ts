import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { PaymentRefundReason } from '@shop/proto';
import { paiseColumn } from '../common/paise-column';

/**
 * A payment for an order that the payment service gave back (`payment.refunded`). One row per
 * refunded payment, so an event published again records nothing new.
 */
@Entity('order_refunds')
export class OrderRefundEntity {
  @PrimaryColumn('text', { name: 'payment_id' }) paymentId: string;
  @Column('uuid', { name: 'order_id' }) orderId: string;
  @Column('text', { name: 'refund_id' }) refundId: string;
  @Column('bigint', { name: 'amount_paise', transformer: paiseColumn }) amountPaise: number;
  @Column('text') reason: PaymentRefundReason;
  @Column('timestamptz', { name: 'refunded_at' }) refundedAt: Date;
  @Column('timestamptz', { name: 'recorded_at' }) recordedAt: Date;
}
