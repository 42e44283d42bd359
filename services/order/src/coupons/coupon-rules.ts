import { CouponContext, ORDER_MESSAGES } from '@shop/proto';
import type { CouponEntity } from './coupon.entity';

/** The cart's promo box speaks of promo codes, checkout of coupons (storefront spec, section 8). */
export function invalidCouponMessage(context: CouponContext): string {
  return context === 'cart' ? ORDER_MESSAGES.invalidPromo : ORDER_MESSAGES.invalidCoupon;
}

export interface CouponUses {
  total: number;
  byUser: number;
}

/**
 * Whether a coupon applies now. The cart's box takes the cart's promo codes; checkout takes every
 * code, since a code the cart showed must still count when the order is placed.
 */
export function couponApplies(
  coupon: CouponEntity,
  context: CouponContext,
  now: Date,
  uses: CouponUses,
): boolean {
  if (!coupon.active) return false;
  if (context === 'cart' && coupon.context !== 'cart') return false;
  if (coupon.validFrom > now) return false;
  if (coupon.validUntil && coupon.validUntil <= now) return false;
  if (coupon.maxUses !== null && uses.total >= coupon.maxUses) return false;
  if (coupon.maxUsesPerUser !== null && uses.byUser >= coupon.maxUsesPerUser) return false;
  return true;
}
