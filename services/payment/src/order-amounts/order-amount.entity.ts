import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * Why an order takes no more money: paid, cancelled or expired, or `cod` (cash on delivery, paid at
 * the door: never online).
 */
export type OrderClosedReason = 'paid' | 'cancelled' | 'expired' | 'cod';

/** What the order service decided an order costs: the only amount a provider order is made for. */
@Entity('order_amounts')
export class OrderAmountEntity {
  @PrimaryColumn('uuid', { name: 'order_id' })
  orderId: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('integer', { name: 'amount_paise' })
  amountPaise: number;

  @Column('varchar', { length: 3 })
  currency: string;

  @Column('varchar', { name: 'closed_reason', length: 9, nullable: true })
  closedReason: OrderClosedReason | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'recorded_at' })
  recordedAt: Date;
}
