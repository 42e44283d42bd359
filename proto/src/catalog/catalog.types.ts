import type { Paise } from '../money';
import type { Brand, CustomizationType, PriceOperator, ReorderStatus } from './catalog.constants';

/** A price modifier at the API: rupees. The back office also sends `type: 'fixed'`. */
export interface PriceModifier {
  type: 'fixed';
  operator: PriceOperator;
  value: number;
}

export interface OptionValue {
  value: string;
  priceModifier: PriceModifier;
}

/** A definition of the customization library (back-office spec, section 3). */
export interface CustomizationDefinitionView {
  _id: string;
  name: string;
  type: CustomizationType;
  description: string;
  isDefault: boolean;
  isActive: boolean;
  priceModifier: PriceModifier | null;
  options: OptionValue[];
  createdAt: string;
  updatedAt: string;
}

/** The storefront's reading of a product's option, with the product's overrides applied. */
export interface ProductCustomizationOptionView {
  optionId: {
    _id: string;
    name: string;
    type: CustomizationType;
    description: string;
    options: OptionValue[];
    priceModifier: PriceModifier | null;
  };
}

/** The back office's reading: which library options a product links, and its own modifiers. */
export interface ProductCustomizationLink {
  optionId: string;
  enabled: boolean;
  priceModifier?: PriceModifier | null;
  options?: OptionValue[] | null;
}

export interface Dimensions {
  length: number;
  width: number;
  height: number;
}

/** A product as both apps read it; money in rupees. */
export interface ProductView {
  _id: string;
  name: string;
  description: string;
  category: string;
  brand: Brand;
  price: number;
  originalPrice: number | null;
  images: string[];
  rating: number;
  averageRating: number;
  totalReviews: number;
  reviewCount: number;
  /** Units a shopper can still buy: on hand minus units reserved by unpaid orders. */
  stock: number;
  sku: string | null;
  weight: number | null;
  dimensions: Dimensions | null;
  tags: string[];
  isNew: boolean;
  isBestSeller: boolean;
  isCustomizable: boolean;
  allowsImageUpload: boolean;
  availableSizes: string[];
  turnaroundTime: string | null;
  lowStockThreshold: number | null;
  customizationOptions: ProductCustomizationOptionView[];
  customizations: ProductCustomizationLink[];
  createdAt: string;
  updatedAt: string;
}

/** The back office's list also shows units held by unpaid orders, and the product's HSN code. */
export interface AdminProductView extends ProductView {
  reservedStock: number;
  /** The code staff set; null when the product takes its category's. */
  hsnCode: string | null;
  /** What invoices print: `hsnCode`, or the category's default (`hsnCodeOf`). */
  effectiveHsnCode: string;
}

/** A request to restock a product, opened by auto reorder when its stock fell to its threshold. */
export interface ReorderView {
  _id: string;
  productId: string;
  productName: string;
  quantity: number;
  status: ReorderStatus;
  createdAt: string;
  receivedAt: string | null;
  /**
   * The product was deleted: an open request cannot be received, and is listed with the closed
   * ones. Restoring the product (the back office's undo) brings it back as it was.
   */
  productDeleted: boolean;
}

export interface ReorderListReply {
  success: true;
  reorders: ReorderView[];
}

/** `product.stock` is what shoppers can now buy, the received units included. */
export interface ReorderReceiveReply {
  success: true;
  reorder: ReorderView;
  product: { _id: string; stock: number };
}

/**
 * A product as its card shows it: list, search and similar-products replies. The product page
 * reads the full ProductView. `images` holds the first picture only (none when it has none), so a
 * card reads it like a product's; `stock` is what the card's Out of Stock and a guest cart's
 * quantity limit read.
 */
export type ProductCardView = Pick<
  ProductView,
  | '_id'
  | 'name'
  | 'brand'
  | 'category'
  | 'price'
  | 'originalPrice'
  | 'images'
  | 'rating'
  | 'reviewCount'
  | 'stock'
  | 'isNew'
  | 'isBestSeller'
>;

export interface ProductListReply {
  success: true;
  products: ProductCardView[];
  total: number;
  page: number;
  limit: number;
  hasMore: boolean;
  /** Pass back as `cursor` for the next page of an infinite scroll. */
  nextCursor: string | null;
}

/**
 * `GET /products/sitemap`: what a sitemap lists of the catalog. A page of the live products in id
 * order, each with the time it last changed; the brands and the categories that have live
 * products, each with the last change to any of its products, a deletion included; and how many
 * live products there are, for the pages still to ask. Times are ISO 8601, with their offset.
 */
export interface ProductSitemapReply {
  success: true;
  page: number;
  limit: number;
  total: number;
  products: { _id: string; updatedAt: string }[];
  /** Every brand, `updatedAt` null for one that never had a product. */
  brands: { brand: Brand; updatedAt: string | null }[];
  /** `category` as one of its live products spells it. */
  categories: { category: string; updatedAt: string }[];
}

export interface SearchHit {
  _id: string;
  name: string;
  images: string[];
  price: number;
  brand: Brand;
}

export interface SearchReply {
  success: true;
  products: SearchHit[];
}

export interface ReviewView {
  _id: string;
  productId: string;
  user: { username: string };
  rating: number;
  comment: string;
  pros: string[];
  cons: string[];
  /** How many customers marked the review helpful; who they are is never published. */
  helpfulCount: number;
  /** Whether the signed-in customer asking is one of them (false for a visitor). */
  votedHelpful: boolean;
  createdAt: string;
}

/** `catalog.price.quote`: authoritative unit prices, in paise, for an order or a cart. */
export interface PriceQuoteLineInput {
  productId: string;
  quantity: number;
  customization?: Record<string, unknown> | null;
}

export interface PriceQuoteLine {
  productId: string;
  quantity: number;
  found: boolean;
  name: string | null;
  brand: Brand | null;
  image: string | null;
  basePricePaise: Paise;
  unitPricePaise: Paise;
  linePricePaise: Paise;
  /** Units available to buy now. */
  stock: number;
  /** Added later: the product's HSN code (its own, else its category's: `hsnCodeOf`), for the tax invoice. */
  hsnCode: string;
}

export interface PriceQuoteReply {
  lines: PriceQuoteLine[];
  totalPaise: Paise;
}

export type ReservationStatus = 'reserved' | 'committed' | 'released';

export interface StockReserveReply {
  orderId: string;
  status: ReservationStatus;
  lines: { productId: string; quantity: number }[];
  /** False when this order id had already reserved: nothing was taken twice. */
  created: boolean;
}

export interface ImageUploadReply {
  url: string;
  originalUrl: string;
  /**
   * False when the same picture was stored already (pictures are named by their content): it may
   * be another product's, or in a form not yet saved, so undoing this upload must leave it.
   */
  created: boolean;
}

export interface AdminProductListReply {
  success: true;
  products: AdminProductView[];
  total: number;
  page: number;
  /** The products screen's summary cards, over the whole catalog. */
  summary: { total: number; ms: number; jaksh: number; lowStock: number; outOfStock: number };
}
