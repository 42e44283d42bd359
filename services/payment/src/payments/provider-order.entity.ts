import type { PaymentMode, PaymentStatus } from '@shop/proto';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** `creating` claims an order while Razorpay is asked, so simultaneous calls make one provider order. */
export type ProviderOrderStatus = PaymentStatus | 'creating';

/** The Razorpay order made for one shop order, and where its payment stands. */
@Entity('provider_orders')
export class ProviderOrderEntity {
  @PrimaryColumn('uuid', { name: 'order_id' })
  orderId: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  /** Null while the order is being asked of Razorpay (status `creating`). */
  @Column('text', { name: 'provider_order_id', unique: true, nullable: true })
  providerOrderId: string | null;

  @Column('varchar', { length: 7 })
  mode: PaymentMode;

  @Column('text', { name: 'key_id' })
  keyId: string;

  @Column('integer', { name: 'amount_paise' })
  amountPaise: number;

  @Column('varchar', { length: 3 })
  currency: string;

  @Column('varchar', { length: 8 })
  status: ProviderOrderStatus;

  @Column('text', { name: 'paid_payment_id', nullable: true })
  paidPaymentId: string | null;

  @Column('timestamptz', { name: 'paid_at', nullable: true })
  paidAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' })
  updatedAt: Date;
}
