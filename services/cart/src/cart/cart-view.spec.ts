import type { PricingOption } from '@shop/proto';
import { LineWithProduct, priceCart } from './cart-view';

const rule = { freeShippingThresholdPaise: 100_000, standardShippingPaise: 9_900 };
const size: PricingOption = {
  optionId: 'size',
  name: 'Size',
  type: 'select',
  priceModifier: null,
  options: [{ value: 'A4', priceModifier: { operator: '+', value: 5_000 } }],
};

let n = 0;
function line(
  quantity: number,
  product: Partial<LineWithProduct['product']> = {},
  customization = {},
): LineWithProduct {
  n += 1;
  return {
    id: `line-${n}`,
    productId: `product-${n}`,
    quantity,
    addedAt: new Date('2025-01-01T00:00:00Z'),
    customization,
    product: {
      name: 'Notebook',
      brand: 'jaksh',
      pricePaise: 20_000,
      image: '/uploads/notebook.webp',
      stock: 100,
      allowsImageUpload: false,
      availableSizes: [],
      options: [size],
      deleted: false,
      ...product,
    },
  };
}

describe('pricing a cart', () => {
  it('prices each line with its options and sums line price times quantity, in rupees', () => {
    const { view } = priceCart([line(2, {}, { dynamicCustomizations: { size: 'A4' } }), line(1)], rule);
    expect(view.items.map((i) => [i.unitPrice, i.linePrice])).toEqual([
      [250, 500],
      [200, 200],
    ]);
    expect(view.subtotal).toBe(700);
    expect(view.itemCount).toBe(3);
    expect(view.items[0].product).toMatchObject({
      price: 200,
      brand: 'jaksh',
      images: ['/uploads/notebook.webp'],
    });
    expect(view.items[0].product.customizations[0].optionId.options[0].priceModifier).toEqual({
      type: 'fixed',
      operator: '+',
      value: 50,
    });
  });

  it('charges standard shipping up to the threshold and none above it', () => {
    expect(priceCart([line(5)], rule).view).toMatchObject({ subtotal: 1000, shipping: 99, total: 1099 });
    expect(priceCart([line(6)], rule).view).toMatchObject({ subtotal: 1200, shipping: 0, total: 1200 });
    expect(priceCart([], rule).view).toMatchObject({
      subtotal: 0,
      shipping: 0,
      total: 0,
      itemCount: 0,
      bulkOrder: false,
    });
  });

  it('keeps lines of deleted or out-of-stock products, says why, and leaves them out of the sums', () => {
    const { view } = priceCart(
      [
        line(1, { deleted: true, name: 'Old mug' }),
        line(1, { stock: 0, name: 'Lanyard' }),
        line(5, { stock: 3, name: 'Label roll' }),
        line(1),
      ],
      rule,
    );
    expect(view.items.map((i) => [i.available, i.unavailableReason])).toEqual([
      [false, 'Old mug is no longer available'],
      [false, 'Lanyard is out of stock'],
      [false, 'Only 3 units of Label roll left in stock'],
      [true, null],
    ]);
    expect(view.subtotal).toBe(200);
    expect(view.itemCount).toBe(8);
  });

  it('reports a bulk order for a line of 50, or 50 units in all', () => {
    expect(priceCart([line(50)], rule).view.bulkOrder).toBe(true);
    expect(priceCart([line(25), line(25)], rule).view.bulkOrder).toBe(true);
    expect(priceCart([line(25), line(24)], rule).view.bulkOrder).toBe(false);
  });
});
