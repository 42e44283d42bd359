import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { CouponContext } from '@shop/proto';

/** A discount code: a percent off the subtotal, valid between two dates, optionally limited in uses. */
@Entity('coupons')
export class CouponEntity {
  @PrimaryColumn('text') code: string;
  @Column('smallint') percent: number;
  /** Where it is offered: the cart's promo box or the checkout's coupon box. Both are honoured at checkout. */
  @Column('text') context: CouponContext;
  @Column('text') description: string;
  @Column('timestamptz', { name: 'valid_from' }) validFrom: Date;
  @Column('timestamptz', { name: 'valid_until', nullable: true }) validUntil: Date | null;
  @Column('integer', { name: 'max_uses', nullable: true }) maxUses: number | null;
  @Column('integer', { name: 'max_uses_per_user', nullable: true }) maxUsesPerUser: number | null;
  @Column('boolean') active: boolean;
}
