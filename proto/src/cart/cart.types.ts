import type { Paise } from '../money';
import type { Brand, ProductCustomizationOptionView } from '../catalog';

/**
 * A file attached to a line's customization; staff open it through `url`. The cart writes every
 * field but the name from its own record of the upload `fileId` names; a file without one (a guest's
 * note of a file it never uploaded) is just its name.
 */
export interface UploadedFileView {
  name: string;
  size?: number;
  type?: string;
  url?: string;
  fileId?: string;
}

/** A line's customization (storefront spec, section 3), normalized: blank fields are left out. */
export type CartCustomization = {
  size?: string;
  comments?: string;
  uploadedFiles?: UploadedFileView[];
  /** Keyed by option id; each value is plain or `{value}`. */
  dynamicCustomizations?: Record<string, unknown>;
};

/**
 * The product as the cart shows it, from the cart's own projection of the catalog. Money in rupees.
 * `customizations` is the storefront's reading of the options the product offers, with their names,
 * so a line's `dynamicCustomizations` (keyed by option id) can be labelled and priced in the browser
 * (`pricingOptionsOf({ customizationOptions: product.customizations })`).
 */
export interface CartProductView {
  _id: string;
  name: string;
  price: number;
  brand: Brand;
  images: string[];
  stock: number;
  allowsImageUpload: boolean;
  availableSizes: string[];
  customizations: ProductCustomizationOptionView[];
}

export interface CartItemView {
  _id: string;
  product: CartProductView;
  productId: string;
  quantity: number;
  addedAt: string;
  customization: CartCustomization;
  /** One unit: the product's price with the customization's modifiers (rupees). */
  unitPrice: number;
  linePrice: number;
  /** False when the product was deleted, is out of stock, or has fewer units left than the line holds. */
  available: boolean;
  unavailableReason: string | null;
}

/**
 * The cart (rupees). `subtotal`, `shipping`, `total` and the bulk-order rule count the available
 * lines only, since only those can be ordered; `itemCount` counts every unit shown, as the badge does.
 */
export interface CartView {
  items: CartItemView[];
  subtotal: number;
  itemCount: number;
  bulkOrder: boolean;
  shipping: number;
  total: number;
}

export interface CartReply {
  success: true;
  cart: CartView;
}

/** A guest line the merge could not keep: its product is unknown to the shop. */
export interface CartMergeSkipped {
  productId: string;
  reason: string;
}

export interface CartMergeReply extends CartReply {
  skipped: CartMergeSkipped[];
}

/** `cart.upload.resolve`: the same customizations, in order, with their files as the cart stored them. */
export interface CustomizationResolveReply {
  customizations: CartCustomization[];
}

/** `POST /cart/uploads`. */
export interface CustomizationUploadReply {
  name: string;
  size: number;
  type: string;
  url: string;
  fileId: string;
}

/**
 * `POST /cart/promo`: what the code takes off this cart now (a customer's, or the guest cart a
 * visitor sent). Checkout validates it again, and placing the order claims it.
 */
export interface CartPromoReply {
  success: true;
  code: string;
  percent: number;
  discount: number;
  subtotal: number;
  shipping: number;
  total: number;
}

/**
 * What the cart asks the order service, which owns coupons (`order.coupon.validate`); it answers
 * `PromoCheckReply` or fails with 400 'Invalid promo code'.
 */
export interface PromoCheckRequest {
  code: string;
  subtotalPaise: Paise;
  context: 'cart' | 'checkout';
}

export interface PromoCheckReply {
  code: string;
  percent: number;
  discountPaise: Paise;
}

/**
 * `cart.cleared`: a customer's cart was emptied, by the customer, because their order was paid, or
 * (cash on delivery, paid only at the door) because their order was placed.
 */
export interface CartClearedEvent {
  userId: string;
  reason: 'order-paid' | 'order-placed' | 'customer';
  orderId: string | null;
  lineCount: number;
  clearedAt: string;
}
