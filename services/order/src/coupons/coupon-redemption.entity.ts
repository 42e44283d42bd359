import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One use of a coupon by an order; removed when the order is cancelled, so the use comes back. */
@Entity('coupon_redemptions')
export class CouponRedemptionEntity {
  @PrimaryColumn('uuid', { name: 'order_id' }) orderId: string;
  @Column('text') code: string;
  @Column('uuid', { name: 'user_id' }) userId: string;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
}
