import { couponApplies, invalidCouponMessage } from './coupon-rules';
import type { CouponEntity } from './coupon.entity';

const now = new Date('2025-06-01T12:00:00Z');
const coupon = (overrides: Partial<CouponEntity> = {}): CouponEntity => ({
  code: 'SAVE10',
  percent: 10,
  context: 'cart',
  description: '',
  validFrom: new Date('2025-01-01T00:00:00Z'),
  validUntil: null,
  maxUses: null,
  maxUsesPerUser: null,
  active: true,
  ...overrides,
});
const unused = { total: 0, byUser: 0 };

describe('whether a coupon applies', () => {
  it("takes the cart's promo codes in the cart, and every code at checkout", () => {
    expect(couponApplies(coupon(), 'cart', now, unused)).toBe(true);
    expect(couponApplies(coupon(), 'checkout', now, unused)).toBe(true);
    expect(couponApplies(coupon({ code: 'WELCOME10', context: 'checkout' }), 'cart', now, unused)).toBe(
      false,
    );
  });

  it('holds to its validity dates', () => {
    expect(couponApplies(coupon({ validFrom: new Date('2025-07-01') }), 'checkout', now, unused)).toBe(false);
    expect(couponApplies(coupon({ validUntil: now }), 'checkout', now, unused)).toBe(false);
    expect(couponApplies(coupon({ validUntil: new Date('2025-06-02') }), 'checkout', now, unused)).toBe(true);
  });

  it('stops at its usage limits, overall and per customer', () => {
    expect(couponApplies(coupon({ maxUses: 2 }), 'checkout', now, { total: 2, byUser: 0 })).toBe(false);
    expect(couponApplies(coupon({ maxUsesPerUser: 1 }), 'checkout', now, { total: 5, byUser: 1 })).toBe(
      false,
    );
    expect(
      couponApplies(coupon({ maxUses: 2, maxUsesPerUser: 1 }), 'checkout', now, { total: 1, byUser: 0 }),
    ).toBe(true);
  });

  it('does not apply when switched off', () => {
    expect(couponApplies(coupon({ active: false }), 'checkout', now, unused)).toBe(false);
  });

  it("says 'Invalid promo code' in the cart and 'Invalid coupon code' at checkout", () => {
    expect(invalidCouponMessage('cart')).toBe('Invalid promo code');
    expect(invalidCouponMessage('checkout')).toBe('Invalid coupon code');
  });
});
