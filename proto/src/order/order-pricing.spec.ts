import { SEEDED_SETTINGS } from '../settings';
import { couponDiscount, orderTotals, pricingRulesOf } from './order-pricing';

const rules = pricingRulesOf(SEEDED_SETTINGS);

describe('order totals (storefront spec, section 9)', () => {
  it('charges 99 shipping up to 1000 rupees and 18% GST on goods and shipping, in whole rupees', () => {
    // 900 + 99 = 999; GST 179.82 rounds to 180.
    expect(orderTotals(90_000, 0, rules)).toEqual({
      subtotalPaise: 90_000,
      discountPaise: 0,
      shippingPaise: 9_900,
      taxPaise: 18_000,
      totalPaise: 117_900,
    });
    expect(orderTotals(100_000, 0, rules).shippingPaise).toBe(9_900);
  });

  it('charges Express at the express cost (200) whatever the subtotal, taxed like standard shipping', () => {
    expect(orderTotals(120_000, 0, rules, 'express')).toMatchObject({
      shippingPaise: 20_000,
      taxPaise: 25_200,
      totalPaise: 165_200,
    });
    expect(orderTotals(50_000, 0, rules, 'express').shippingPaise).toBe(20_000);
  });

  it('ships free over 1000 rupees', () => {
    expect(orderTotals(100_001, 0, rules).shippingPaise).toBe(0);
    expect(orderTotals(120_000, 0, rules)).toMatchObject({
      shippingPaise: 0,
      taxPaise: 21_600,
      totalPaise: 141_600,
    });
  });

  it('takes the coupon off before tax, decides shipping on the subtotal before it', () => {
    // 1200 - 20% = 960, free shipping (1200 is over 1000); GST 172.80 rounds to 173.
    expect(orderTotals(120_000, 20, rules)).toEqual({
      subtotalPaise: 120_000,
      discountPaise: 24_000,
      shippingPaise: 0,
      taxPaise: 17_300,
      totalPaise: 113_300,
    });
  });

  it('leaves shipping untaxed when the settings say so', () => {
    const untaxed = pricingRulesOf({ ...SEEDED_SETTINGS, applyTaxToShipping: false, defaultTaxRate: 12 });
    expect(orderTotals(50_000, 0, untaxed)).toMatchObject({
      shippingPaise: 9_900,
      taxPaise: 6_000,
      totalPaise: 65_900,
    });
  });

  it('rounds a total with paise to whole rupees', () => {
    expect(orderTotals(49_950, 0, rules).totalPaise % 100).toBe(0);
  });

  it('rounds a discount to whole rupees and never past the subtotal', () => {
    expect(couponDiscount(49_950, 10)).toBe(5_000);
    expect(couponDiscount(1_000, 100)).toBe(1_000);
  });

  it('charges nothing for nothing', () => {
    expect(orderTotals(0, 0, rules).totalPaise).toBe(0);
  });
});
