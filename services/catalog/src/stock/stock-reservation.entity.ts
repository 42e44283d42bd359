import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { ReservationStatus } from '@shop/proto';

/** Stock held for one order: one row per order id is what makes reserving idempotent. */
@Entity('stock_reservations')
export class StockReservationEntity {
  @PrimaryColumn('uuid', { name: 'order_id' }) orderId: string;
  @Column('text') status: ReservationStatus;
  @Column('jsonb') lines: { productId: string; quantity: number }[];
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
