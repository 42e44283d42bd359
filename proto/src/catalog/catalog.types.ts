import type { Paise } from '../money';
import type { Brand, CustomizationType, PriceOperator } from './catalog.constants';

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

/** The back office's list also shows units held by unpaid orders. */
export interface AdminProductView extends ProductView {
  reservedStock: number;
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

/**
 * A live product as a copy of the product list places and shows it: its card, and the keys the
 * catalog's database filters and sorts by, as the database computes them (lower() and the
 * creation time to the microsecond), so the copy orders exactly as the catalog does.
 */
export interface ProductListingEntry {
  card: ProductCardView;
  /** `lower(name)`: the name sorts' key. */
  nameKey: string;
  /** `lower(category)`: what the category filter compares. */
  categoryKey: string;
  pricePaise: number;
  /** Microseconds since 1970: the newest sort's key. */
  createdMicros: number;
  /** The lexemes of `name_tsv` and of `body_tsv` (description, category, tags): what the dropdown's word passes match. */
  nameLexemes: string[];
  bodyLexemes: string[];
}

/** `catalog.product.listing`: one page, in id order, of every live product's listing entry. */
export interface ProductListingPage {
  /**
   * 'bytes' when the database orders the name key by its UTF-8 bytes (the C and C.UTF-8
   * collations), which a copy can reproduce; any other collation orders by locale rules.
   */
  nameOrder: 'bytes' | 'locale';
  entries: (ProductListingEntry & { version: number })[];
  /** Pass back as `after` for the next page; null after the last. */
  next: string | null;
}

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

export interface SearchHit {
  _id: string;
  name: string;
  images: string[];
  price: number;
  brand: Brand;
}

/** One alternative of a tsquery over lexemes: the lexeme itself, or (prefix) any lexeme starting with it. */
export interface SearchLexeme {
  lexeme: string;
  prefix: boolean;
}

/**
 * `catalog.search.terms`: what the lexicon of name words and PostgreSQL's text parser make of one
 * typed word, as the dropdown's tsqueries ask it (the dropdown ANDs the words). Each list is the
 * tsquery's alternatives; null when that tsquery is anything else (a phrase, no lexeme at all),
 * which only the catalog can answer.
 */
export interface SearchWordTerms {
  word: string;
  /** Name lexemes matching the word as typed: whole, or the start of a word. */
  name: SearchLexeme[] | null;
  /** The closest lexicon word, for a word long enough to be a typo and not a whole word itself. */
  corrected: {
    name: SearchLexeme[] | null;
    /** Whether the typed word's name matches include the corrected word's. */
    covers: boolean;
  } | null;
  /** Description, category and tag lexemes matching the word as typed. */
  body: SearchLexeme[] | null;
}

export interface SearchTermsReply {
  terms: SearchWordTerms[];
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
}

export interface AdminProductListReply {
  success: true;
  products: AdminProductView[];
  total: number;
  page: number;
  /** The products screen's summary cards, over the whole catalog. */
  summary: { total: number; ms: number; jaksh: number; lowStock: number; outOfStock: number };
}
