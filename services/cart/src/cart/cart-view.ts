import {
  CartCustomization,
  CartItemView,
  cartShipping,
  CartView,
  isBulkOrder,
  outOfStockMessage,
  Paise,
  PricingOption,
  priceLine,
  ProductCustomizationOptionView,
  productUnavailableMessage,
  ShippingRule,
  toRupees,
  type Brand,
  type ModifierPaise,
} from '@shop/proto';

/** A line as read with the projected product it names. */
export interface LineWithProduct {
  id: string;
  productId: string;
  quantity: number;
  addedAt: Date;
  customization: CartCustomization;
  product: {
    name: string;
    brand: Brand;
    pricePaise: Paise;
    image: string | null;
    stock: number;
    allowsImageUpload: boolean;
    availableSizes: string[];
    options: PricingOption[];
    deleted: boolean;
  };
}

/** The cart's sums in paise, beside the view in rupees. */
export interface PricedCart {
  view: CartView;
  subtotalPaise: Paise;
  shippingPaise: Paise;
}

/** Why a line cannot be ordered as it stands, or null when it can. */
export function unavailableReason(product: LineWithProduct['product'], quantity: number): string | null {
  if (product.deleted) return productUnavailableMessage(product.name);
  if (product.stock < quantity) return outOfStockMessage(product.name, product.stock);
  return null;
}

const modifierView = (m: ModifierPaise | null) =>
  m ? { type: 'fixed' as const, operator: m.operator, value: toRupees(m.value) } : null;

/** The storefront's reading of a product's options, in rupees, from the paise the catalog sent. */
function optionsView(options: PricingOption[]): ProductCustomizationOptionView[] {
  return options.map((o) => ({
    optionId: {
      _id: o.optionId,
      name: o.name,
      type: o.type,
      description: '',
      priceModifier: modifierView(o.priceModifier),
      options: o.options.map((v) => ({
        value: v.value,
        priceModifier: modifierView(v.priceModifier) ?? { type: 'fixed', operator: '+', value: 0 },
      })),
    },
  }));
}

/**
 * Prices every line with the one pricing function from the product's current price and options,
 * and sums the lines that can be ordered.
 */
export function priceCart(lines: LineWithProduct[], shipping: ShippingRule): PricedCart {
  let subtotalPaise = 0;
  const orderable: number[] = [];
  const items = lines.map((line): CartItemView => {
    const p = line.product;
    const unitPaise = priceLine(p.pricePaise, p.options, line.customization);
    const reason = unavailableReason(p, line.quantity);
    if (!reason) {
      subtotalPaise += unitPaise * line.quantity;
      orderable.push(line.quantity);
    }
    return {
      _id: line.id,
      product: {
        _id: line.productId,
        name: p.name,
        price: toRupees(p.pricePaise),
        brand: p.brand,
        images: p.image ? [p.image] : [],
        stock: p.deleted ? 0 : p.stock,
        allowsImageUpload: p.allowsImageUpload,
        availableSizes: p.availableSizes,
        customizations: optionsView(p.options),
      },
      productId: line.productId,
      quantity: line.quantity,
      addedAt: line.addedAt.toISOString(),
      customization: line.customization,
      unitPrice: toRupees(unitPaise),
      linePrice: toRupees(unitPaise * line.quantity),
      available: reason === null,
      unavailableReason: reason,
    };
  });
  const shippingPaise = cartShipping(subtotalPaise, orderable.length > 0, shipping);
  return {
    subtotalPaise,
    shippingPaise,
    view: {
      items,
      subtotal: toRupees(subtotalPaise),
      itemCount: lines.reduce((sum, l) => sum + l.quantity, 0),
      bulkOrder: isBulkOrder(orderable),
      shipping: toRupees(shippingPaise),
      total: toRupees(subtotalPaise + shippingPaise),
    },
  };
}
