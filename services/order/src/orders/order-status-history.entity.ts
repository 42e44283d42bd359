import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { OrderStatus } from '@shop/proto';

/** Each status an order took, with when: the tracking timeline. */
@Entity('order_status_history')
export class OrderStatusHistoryEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id: string;
  @Column('uuid', { name: 'order_id' }) orderId: string;
  @Column('text') status: OrderStatus;
  @Column('timestamptz') at: Date;
}
