import { cartShipping } from '../cart/cart-rules';
import { Paise, roundToWholeRupees, toPaise } from '../money';
import type { ShopSettings } from '../settings';
import type { ShippingMethod } from './order.constants';

/** What pricing an order needs of the shop's settings, in paise and percent. */
export interface OrderPricingRules {
  freeShippingThresholdPaise: Paise;
  standardShippingPaise: Paise;
  expressShippingPaise: Paise;
  taxRatePercent: number;
  applyTaxToShipping: boolean;
}

export function pricingRulesOf(
  settings: Pick<
    ShopSettings,
    | 'freeShippingThreshold'
    | 'standardShippingCost'
    | 'expressShippingCost'
    | 'defaultTaxRate'
    | 'applyTaxToShipping'
  >,
): OrderPricingRules {
  return {
    freeShippingThresholdPaise: toPaise(settings.freeShippingThreshold),
    standardShippingPaise: toPaise(settings.standardShippingCost),
    expressShippingPaise: toPaise(settings.expressShippingCost),
    taxRatePercent: settings.defaultTaxRate,
    applyTaxToShipping: settings.applyTaxToShipping,
  };
}

export interface OrderTotals {
  subtotalPaise: Paise;
  discountPaise: Paise;
  shippingPaise: Paise;
  taxPaise: Paise;
  totalPaise: Paise;
}

/** A coupon's share of a subtotal, in whole rupees as checkout shows it. */
export function couponDiscount(subtotalPaise: Paise, percent: number): Paise {
  return Math.min(subtotalPaise, roundToWholeRupees((subtotalPaise * percent) / 100));
}

/**
 * What shipping costs: Standard is free when the subtotal is over the threshold (as the cart shows
 * it), else the standard cost; Express always costs the express cost.
 */
export function orderShipping(subtotalPaise: Paise, rules: OrderPricingRules, method: ShippingMethod): Paise {
  if (method === 'express') return subtotalPaise > 0 ? rules.expressShippingPaise : 0;
  return cartShipping(subtotalPaise, subtotalPaise > 0, rules);
}

/**
 * An order's totals: the lines' subtotal, less the coupon, plus shipping (`orderShipping`), plus
 * GST on the discounted goods and, when the settings say so, on shipping. Discount, tax and total
 * are whole rupees (storefront spec, section 9).
 */
export function orderTotals(
  subtotalPaise: Paise,
  couponPercent: number,
  rules: OrderPricingRules,
  shippingMethod: ShippingMethod = 'standard',
): OrderTotals {
  const discountPaise = couponDiscount(subtotalPaise, couponPercent);
  const shippingPaise = orderShipping(subtotalPaise, rules, shippingMethod);
  const taxable = subtotalPaise - discountPaise + (rules.applyTaxToShipping ? shippingPaise : 0);
  const taxPaise = roundToWholeRupees((taxable * rules.taxRatePercent) / 100);
  const totalPaise = roundToWholeRupees(subtotalPaise - discountPaise + shippingPaise + taxPaise);
  return { subtotalPaise, discountPaise, shippingPaise, taxPaise, totalPaise };
}
