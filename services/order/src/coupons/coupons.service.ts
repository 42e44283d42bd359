import { Injectable } from '@nestjs/common';
import { RpcError } from '@shop/kit';
import { CouponContext, couponDiscount, PromoCheckReply, Paise } from '@shop/proto';
import { DataSource, EntityManager } from 'typeorm';
import { CouponEntity } from './coupon.entity';
import { couponApplies, CouponUses, invalidCouponMessage } from './coupon-rules';

export interface AppliedCoupon {
  code: string;
  percent: number;
}

/** Coupons live here: the cart and checkout ask whether a code applies; placing an order redeems it. */
@Injectable()
export class CouponsService {
  constructor(private readonly dataSource: DataSource) {}

  /** What a code takes off a subtotal now, or a 400 in the words of the box it was typed in. */
  async validate(
    code: string | null,
    subtotalPaise: Paise,
    context: CouponContext,
    userId: string | null,
  ): Promise<PromoCheckReply> {
    const coupon = await this.applicable(this.dataSource.manager, code, context, userId);
    return {
      code: coupon.code,
      percent: coupon.percent,
      discountPaise: couponDiscount(subtotalPaise, coupon.percent),
    };
  }

  /**
   * Checks a code for an order inside the transaction that writes it, locking the coupon row until
   * that transaction ends, so concurrent orders never use a limited coupon more often than it allows.
   */
  async claim(manager: EntityManager, code: string, userId: string): Promise<AppliedCoupon> {
    const coupon = await this.applicable(manager, code, 'checkout', userId, true);
    return { code: coupon.code, percent: coupon.percent };
  }

  /** Records the use of a claimed code by the order written in the same transaction. */
  async redeem(manager: EntityManager, code: string, userId: string, orderId: string): Promise<void> {
    await manager.query(`INSERT INTO coupon_redemptions (order_id, code, user_id) VALUES ($1, $2, $3)`, [
      orderId,
      code,
      userId,
    ]);
  }

  /** A cancelled or expired order gives its use of the coupon back. */
  async release(manager: EntityManager, orderId: string): Promise<void> {
    await manager.query(`DELETE FROM coupon_redemptions WHERE order_id = $1`, [orderId]);
  }

  private async applicable(
    m: EntityManager,
    code: unknown,
    context: CouponContext,
    userId: string | null,
    lock = false,
  ): Promise<CouponEntity> {
    const invalid = RpcError.badRequest(invalidCouponMessage(context));
    if (typeof code !== 'string' || code.trim() === '' || code.length > 50) throw invalid;
    const query = m
      .createQueryBuilder(CouponEntity, 'c')
      .where('c.code = :code', { code: code.trim().toUpperCase() });
    if (lock) query.setLock('pessimistic_write');
    const coupon = await query.getOne();
    if (!coupon || !couponApplies(coupon, context, new Date(), await this.uses(m, coupon, userId)))
      throw invalid;
    return coupon;
  }

  private async uses(m: EntityManager, coupon: CouponEntity, userId: string | null): Promise<CouponUses> {
    if (coupon.maxUses === null && coupon.maxUsesPerUser === null) return { total: 0, byUser: 0 };
    const [row] = await m.query(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE user_id = $2)::int AS by_user FROM coupon_redemptions WHERE code = $1`,
      [coupon.code, userId],
    );
    return { total: row.total, byUser: row.by_user };
  }
}
