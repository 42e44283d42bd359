/** The two brands: the bulk brand (MS) and the custom brand (Jaksh). The back office defaults to MS. */
export const BRANDS = ['ms', 'jaksh'] as const;
export type Brand = (typeof BRANDS)[number];
export const DEFAULT_BRAND: Brand = 'ms';

/** The six category cards of the home page; the seed fills them for both brands. */
export const HOME_CATEGORIES = [
  'Lanyards',
  'Labels',
  'Stickers',
  'Drinkware',
  'Stationery',
  'Gifts',
] as const;

/**
 * HSN codes a product takes from its category when staff set none (the product form's HSN field
 * overrides). GST's chapter headings: lanyards are made-up textile articles (6307), labels and
 * stickers paper labels (4821), drinkware ceramic tableware (6912), stationery diaries and
 * notebooks (4820), gifts wooden articles such as frames and boxes (4420). Any other category is
 * printed matter (4911). Invoices print the code as ordered.
 */
export const HSN_BY_CATEGORY: Readonly<Record<string, string>> = {
  Lanyards: '6307',
  Labels: '4821',
  Stickers: '4821',
  Drinkware: '6912',
  Stationery: '4820',
  Gifts: '4420',
};
export const DEFAULT_HSN_CODE = '4911';
/** Shipping on an invoice: courier services. */
export const SHIPPING_SAC_CODE = '996812';
export const HSN_CODE_PATTERN = /^(\d{4}|\d{6}|\d{8})$/;

/** A product's HSN code: its own, or its category's default. */
export function hsnCodeOf(product: { hsnCode?: string | null; category: string }): string {
  return product.hsnCode || HSN_BY_CATEGORY[product.category] || DEFAULT_HSN_CODE;
}

/** Products page sorts (storefront spec, section 9); name-asc is the default. */
export const PRODUCT_SORTS = ['name-asc', 'name-desc', 'price-asc', 'price-desc', 'newest'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const DEFAULT_PRODUCT_SORT: ProductSort = 'name-asc';

export const PRODUCTS_PAGE_SIZE = 24;
export const PRODUCTS_MAX_PAGE_SIZE = 100;
export const SIMILAR_PRODUCTS_LIMIT = 8;
export const SEARCH_DROPDOWN_LIMIT = 8;
export const SEARCH_QUERY_MAX_LENGTH = 100;
/**
 * Products per page of `GET /products/sitemap`: a fifth of the 50,000 URLs one sitemap file may
 * hold, so a page is some 700 KB of JSON before compression.
 */
export const SITEMAP_PAGE_SIZE = 10_000;

/** The library offers the back office's three types; products also take the storefront's text, image and file. */
export const CUSTOMIZATION_TYPES = ['boolean', 'select', 'multi-select', 'text', 'image', 'file'] as const;
export type CustomizationType = (typeof CUSTOMIZATION_TYPES)[number];

export const PRICE_OPERATORS = ['+', '-'] as const;
export type PriceOperator = (typeof PRICE_OPERATORS)[number];

/** stock.low fires when available stock falls to this, unless the product sets its own (1..10). */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;
export const LOW_STOCK_THRESHOLD_RANGE = { min: 1, max: 10 } as const;

/** A reorder request is open until staff mark it received. */
export const REORDER_STATUSES = ['open', 'received'] as const;
export type ReorderStatus = (typeof REORDER_STATUSES)[number];
/**
 * The back office's reorder list: the open requests (at most one per product), then the latest
 * received ones and those whose product was deleted.
 */
export const REORDER_LIST_OPEN_LIMIT = 1000;
export const REORDER_LIST_CLOSED_LIMIT = 50;

export const REVIEW_COMMENT_MIN = 10;
export const REVIEW_COMMENT_MAX = 1000;

/** The folder of the uploads directory product pictures are stored in: the only one served publicly. */
export const PRODUCT_IMAGE_FOLDER = 'products';
/** Admin product images: checked by their bytes, at most 5 MB each. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_MAX_FILES = 10;
export const IMAGE_UPLOAD_FIELD = 'images';
/** Longest side of the web rendition that product pages show. */
export const IMAGE_WEB_MAX_SIDE = 1200;

export const CATALOG_MESSAGES = {
  productNotFound: 'The requested product could not be found.',
  nameRequired: 'Product name is required',
  categoryRequired: 'Category is required',
  descriptionRequired: 'Description is required',
  brand: "Brand must be either 'ms' or 'jaksh'",
  price: 'Price must be a number of 0 or more',
  priceDecimals: 'Prices can have at most 2 decimal places',
  minPrice: 'minPrice must be a number from 0 to 10000000',
  maxPrice: 'maxPrice must be a number from 0 to 10000000',
  originalPrice: 'Original price must be a number of 0 or more',
  stock: 'Stock must be a whole number of 0 or more',
  lowStockThreshold: 'Low stock threshold must be between 1 and 10',
  invalidProductId: 'Invalid product ID',
  customizationNotFound: 'Customization not found',
  customizationName: 'Customization name is required',
  customizationType: 'Customization type must be one of boolean, select, multi-select, text, image or file',
  customizationOptions: 'Select customizations need at least one option',
  operator: "Price modifier operator must be '+' or '-'",
  modifierValue: 'Price modifier value must be a number of 0 or more',
  loginToReview: 'You must be logged in to submit a review',
  loginToMarkHelpful: 'You must be logged in to mark reviews as helpful',
  commentRequired: 'Comment is required',
  commentTooShort: 'Comment must be at least 10 characters long',
  commentTooLong: 'Comment must be at most 1000 characters long',
  rating: 'Rating must be between 1 and 5',
  alreadyReviewed: 'You have already reviewed this product',
  reviewNotFound: 'Review not found',
  reviewRestoreTooLate: 'This review was deleted too long ago to be restored',
  reviewRestoreReplaced: 'The reviewer has written a new review of this product since it was deleted',
  reviewerEmail: 'Please enter a valid reviewer email',
  reviewerUnknown: 'Could not identify the reviewer. Please try again.',
  noImages: 'Please upload at least one image',
  notAnImage: 'Please upload only image files',
  imageTooLarge: 'Each image must be 5 MB or smaller',
  tooManyImages: 'Upload at most 10 images at a time',
  imageUrlsRequired: 'imageUrls must be a list of image URLs',
  searchQueryTooLong: 'Search text must be at most 100 characters',
  invalidCursor: 'Invalid cursor',
  emptyReservation: 'An order needs at least one product',
  quantity: 'Quantity must be a whole number of 1 or more',
  hsnCode: 'HSN code must be 4, 6 or 8 digits',
  reorderNotFound: 'Reorder request not found',
  reorderAlreadyReceived: 'This reorder was already received',
  reorderProductDeleted: 'The product of this reorder was deleted',
} as const;

/** The out-of-stock text checkout shows, naming the product. */
export function outOfStockMessage(productName: string, available: number): string {
  return available <= 0
    ? `${productName} is out of stock`
    : `Only ${available} unit${available === 1 ? '' : 's'} of ${productName} left in stock`;
}

export function productUnavailableMessage(productName: string | null): string {
  return productName ? `${productName} is no longer available` : CATALOG_MESSAGES.productNotFound;
}
