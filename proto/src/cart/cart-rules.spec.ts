import { cartShipping, isBulkOrder } from './cart-rules';

describe('the bulk-order rule (storefront spec, section 9)', () => {
  it('is a bulk order when one line holds 50 or more', () => {
    expect(isBulkOrder([50])).toBe(true);
    expect(isBulkOrder([49])).toBe(false);
  });

  it('is a bulk order when the whole cart reaches 50 units', () => {
    expect(isBulkOrder([20, 20, 10])).toBe(true);
    expect(isBulkOrder([20, 20, 9])).toBe(false);
    expect(isBulkOrder([])).toBe(false);
  });
});

describe('cart shipping', () => {
  const rule = { freeShippingThresholdPaise: 100_000, standardShippingPaise: 9_900 };

  it('is free when the subtotal is over the threshold, else the standard cost', () => {
    expect(cartShipping(100_001, true, rule)).toBe(0);
    expect(cartShipping(100_000, true, rule)).toBe(9_900);
    expect(cartShipping(50_000, true, rule)).toBe(9_900);
  });

  it('costs nothing when there is nothing to ship', () => {
    expect(cartShipping(0, false, rule)).toBe(0);
  });
});
