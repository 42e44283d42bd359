import type { Paise } from '../money';
import { BULK_ORDER_QUANTITY } from './cart.constants';

/** Any line of 50 or more, or 50 units in the whole cart, is a bulk order (storefront spec, section 9). */
export function isBulkOrder(quantities: readonly number[]): boolean {
  const total = quantities.reduce((sum, q) => sum + q, 0);
  return total >= BULK_ORDER_QUANTITY || quantities.some((q) => q >= BULK_ORDER_QUANTITY);
}

export interface ShippingRule {
  freeShippingThresholdPaise: Paise;
  standardShippingPaise: Paise;
}

/** Free when the subtotal is over the threshold, otherwise the standard cost; nothing to ship costs nothing. */
export function cartShipping(subtotalPaise: Paise, hasItems: boolean, rule: ShippingRule): Paise {
  if (!hasItems) return 0;
  return subtotalPaise > rule.freeShippingThresholdPaise ? 0 : rule.standardShippingPaise;
}
