import { z } from 'zod';
import {
  BRANDS,
  CATALOG_MESSAGES as M,
  CUSTOMIZATION_TYPES,
  DEFAULT_BRAND,
  DEFAULT_PRODUCT_SORT,
  HSN_CODE_PATTERN,
  LOW_STOCK_THRESHOLD_RANGE,
  PRICE_OPERATORS,
  PRODUCT_SORTS,
  PRODUCTS_MAX_PAGE_SIZE,
  PRODUCTS_PAGE_SIZE,
  REVIEW_COMMENT_MAX,
  REVIEW_COMMENT_MIN,
  SEARCH_QUERY_MAX_LENGTH,
  SITEMAP_PAGE_SIZE,
} from './catalog.constants';
import { hasAtMostTwoDecimals, limitParam, pageParam, RUPEES_MAX, rupeesFilter } from '../validation/bounds';

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A required text field: missing, not a string, or blank all give the same message. */
const required = (message: string, max: number) =>
  z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message).max(max);

/** The most a weight or a dimension may measure: no real product comes near it. */
const MEASURE_MAX = 1_000_000;

/** The back office sends numbers from text inputs: they convert, and blank means `fallback`. */
const numberFromInput = (message: string, fallback: number | null, max = MEASURE_MAX) =>
  z.preprocess(
    (v) => (blank(v) ? fallback : typeof v === 'string' ? Number(v.trim()) : v),
    z.number({ invalid_type_error: message }).finite(message).min(0, message).max(max, message).nullable(),
  );

/** Rupees as the back office types them: at most RUPEES_MAX, and whole paise (0.001 is refused, not saved as 0). */
const price = (message: string, fallback: number | null) =>
  numberFromInput(message, fallback, RUPEES_MAX).refine((v) => v === null || hasAtMostTwoDecimals(v), M.priceDecimals);

const flag = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean()).optional();

const uuid = (message: string) =>
  z.string({ required_error: message, invalid_type_error: message }).uuid(message);

export const priceModifierSchema = z.object({
  type: z.literal('fixed').default('fixed'),
  operator: z.enum(PRICE_OPERATORS, { errorMap: () => ({ message: M.operator }) }).default('+'),
  value: price(M.modifierValue, 0).pipe(z.number()),
});

export const optionValueSchema = z.object({
  value: required('Option value is required', 100),
  priceModifier: priceModifierSchema.default({ type: 'fixed', operator: '+', value: 0 }),
});

const withOptions = (type: string) => type === 'select' || type === 'multi-select';

export const customizationDefinitionSchema = z
  .object({
    name: required(M.customizationName, 100),
    type: z.enum(CUSTOMIZATION_TYPES, { errorMap: () => ({ message: M.customizationType }) }),
    description: z
      .string()
      .trim()
      .max(500)
      .nullish()
      .transform((v) => v ?? ''),
    isDefault: flag.default(false),
    isActive: flag.default(true),
    priceModifier: priceModifierSchema.nullish().transform((v) => v ?? null),
    options: z
      .array(optionValueSchema)
      .max(50)
      .nullish()
      .transform((v) => v ?? []),
  })
  .refine((d) => !withOptions(d.type) || d.options.length > 0, {
    message: M.customizationOptions,
    path: ['options'],
  })
  .transform((d) => ({
    ...d,
    // A select's price lives on its options; a boolean, text, image or file option has one modifier.
    priceModifier: withOptions(d.type)
      ? null
      : (d.priceModifier ?? { type: 'fixed' as const, operator: '+' as const, value: 0 }),
    options: withOptions(d.type) ? d.options : [],
  }));
export type CustomizationDefinitionInput = z.infer<typeof customizationDefinitionSchema>;

/** The back office may send the linked option as its id or as the definition object. */
const optionRef = z.preprocess(
  (v) => (v && typeof v === 'object' && '_id' in v ? (v as { _id: unknown })._id : v),
  uuid('Invalid customization option'),
);

export const productCustomizationLinkSchema = z.object({
  optionId: optionRef,
  enabled: flag.default(true),
  priceModifier: priceModifierSchema.nullish().transform((v) => v ?? null),
  options: z
    .array(optionValueSchema)
    .max(50)
    .nullish()
    .transform((v) => v ?? null),
});

const dimensionsSchema = z.object({
  length: numberFromInput('Dimensions must be numbers of 0 or more', 0).pipe(z.number()),
  width: numberFromInput('Dimensions must be numbers of 0 or more', 0).pipe(z.number()),
  height: numberFromInput('Dimensions must be numbers of 0 or more', 0).pipe(z.number()),
});

const textList = (maxItems: number, maxLength: number) =>
  z
    .array(z.string().trim().max(maxLength))
    .max(maxItems)
    .transform((list) => [...new Set(list.filter((t) => t.length > 0))]);

const productFields = {
  name: required(M.nameRequired, 200),
  description: required(M.descriptionRequired, 5000),
  category: required(M.categoryRequired, 100),
  brand: z.preprocess(
    (v) => (blank(v) ? DEFAULT_BRAND : typeof v === 'string' ? v.trim().toLowerCase() : v),
    z.enum(BRANDS, { errorMap: () => ({ message: M.brand }) }),
  ),
  price: price(M.price, 0).pipe(z.number()),
  originalPrice: price(M.originalPrice, null),
  stock: z.preprocess(
    (v) => (blank(v) ? 0 : typeof v === 'string' ? Number(v.trim()) : v),
    z.number({ invalid_type_error: M.stock }).int(M.stock).min(0, M.stock).max(10_000_000, M.stock),
  ),
  images: z.array(z.string().trim().min(1).max(500)).max(20).default([]),
  tags: textList(30, 50).default([]),
  sku: z
    .string()
    .trim()
    .max(64)
    .nullish()
    .transform((v) => (v ? v : null)),
  weight: numberFromInput('Weight must be a number of 0 or more', null),
  dimensions: dimensionsSchema.nullish().transform((v) => v ?? null),
  isNew: flag.default(false),
  isBestSeller: flag.default(false),
  isCustomizable: flag,
  allowsImageUpload: flag.default(false),
  availableSizes: textList(30, 50).default([]),
  turnaroundTime: z
    .string()
    .trim()
    .max(100)
    .nullish()
    .transform((v) => (v ? v : null)),
  lowStockThreshold: z.preprocess(
    (v) => (blank(v) ? null : typeof v === 'string' ? Number(v.trim()) : v),
    z
      .number({ invalid_type_error: M.lowStockThreshold })
      .int(M.lowStockThreshold)
      .min(LOW_STOCK_THRESHOLD_RANGE.min, M.lowStockThreshold)
      .max(LOW_STOCK_THRESHOLD_RANGE.max, M.lowStockThreshold)
      .nullable(),
  ),
  customizations: z.array(productCustomizationLinkSchema).max(30).default([]),
  /** The product's own HSN code; blank or null takes its category's (`hsnCodeOf`). */
  hsnCode: z.preprocess(
    (v) => (blank(v) ? null : typeof v === 'string' ? v.trim() : v),
    z
      .string({ invalid_type_error: M.hsnCode })
      .regex(HSN_CODE_PATTERN, M.hsnCode)
      .nullable(),
  ),
};

/**
 * `POST /admin2009/products` (back-office spec, section 5). An `_id` of a deleted product restores
 * it: the back office's undo re-posts the deleted product.
 */
export const productCreateSchema = z.object({ _id: uuid(M.invalidProductId).optional(), ...productFields });
export type ProductCreateInput = z.infer<typeof productCreateSchema>;

/** `PATCH /admin2009/products/{id}`: any of the same fields, each checked as on create. */
export const productUpdateSchema = z.object(productFields).partial().strip();
export type ProductUpdateInput = z.infer<typeof productUpdateSchema>;

const optionalFilter = z.preprocess(
  (v) => (blank(v) || (typeof v === 'string' && v.trim().toLowerCase() === 'all') ? undefined : v),
  z.string().trim().max(100).optional(),
);

/** `GET /products` query. Prices are rupees; `cursor` continues an infinite scroll. */
export const productListQuerySchema = z.object({
  brand: z.preprocess(
    (v) =>
      blank(v) || (typeof v === 'string' && v.trim().toLowerCase() === 'all')
        ? undefined
        : String(v).trim().toLowerCase(),
    z.enum(BRANDS, { errorMap: () => ({ message: M.brand }) }).optional(),
  ),
  category: optionalFilter,
  search: optionalFilter,
  minPrice: rupeesFilter(M.minPrice),
  maxPrice: rupeesFilter(M.maxPrice),
  minRating: z.preprocess(
    (v) => (blank(v) ? 0 : typeof v === 'string' ? Number(v.trim()) : v),
    z
      .number({ invalid_type_error: 'minRating must be between 0 and 5' })
      .min(0, 'minRating must be between 0 and 5')
      .max(5, 'minRating must be between 0 and 5'),
  ),
  sort: z.preprocess(
    (v) => (blank(v) ? DEFAULT_PRODUCT_SORT : v),
    z.enum(PRODUCT_SORTS, {
      errorMap: () => ({ message: `Sort must be one of ${PRODUCT_SORTS.join(', ')}` }),
    }),
  ),
  limit: limitParam(PRODUCTS_PAGE_SIZE, PRODUCTS_MAX_PAGE_SIZE),
  page: pageParam(),
  cursor: z.string().trim().max(500).optional(),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const productIdSchema = z.object({ id: z.string() });

/** `GET /products/sitemap`: a page of the live products, at most SITEMAP_PAGE_SIZE of them. */
export const productSitemapQuerySchema = z.object({
  page: pageParam(),
  limit: limitParam(SITEMAP_PAGE_SIZE, SITEMAP_PAGE_SIZE),
});
export type ProductSitemapQuery = z.infer<typeof productSitemapQuerySchema>;

export const similarQuerySchema = z.object({
  id: z.string(),
  limit: z.preprocess((v) => (blank(v) ? 8 : Number(v)), z.number().int().min(1).max(24).catch(8)),
});

export const searchQuerySchema = z.object({
  q: z.preprocess(
    (v) => (typeof v === 'string' ? v : ''),
    z.string().trim().max(SEARCH_QUERY_MAX_LENGTH, M.searchQueryTooLong),
  ),
});

const commentSchema = z
  .string({ required_error: M.commentRequired, invalid_type_error: M.commentRequired })
  .refine((c) => c.trim().length > 0, M.commentRequired)
  .refine((c) => c.trim().length === 0 || c.trim().length >= REVIEW_COMMENT_MIN, M.commentTooShort)
  .refine((c) => c.length <= REVIEW_COMMENT_MAX, M.commentTooLong);

const ratingSchema = z.preprocess(
  (v) => (blank(v) ? undefined : typeof v === 'string' ? Number(v) : v),
  z
    .number({ required_error: M.rating, invalid_type_error: M.rating })
    .int(M.rating)
    .min(1, M.rating)
    .max(5, M.rating),
);

/** Blank pros and cons are stripped (storefront spec, section 5). */
const pointsSchema = z
  .array(z.unknown())
  .max(20)
  .nullish()
  .transform((list) =>
    (list ?? [])
      .filter((p): p is string => typeof p === 'string' && p.trim().length > 0)
      .map((p) => p.slice(0, 300)),
  );

export const reviewCreateSchema = z.object({
  productId: uuid(M.invalidProductId),
  rating: ratingSchema,
  comment: commentSchema,
  pros: pointsSchema,
  cons: pointsSchema,
});
export type ReviewCreateInput = z.infer<typeof reviewCreateSchema>;

/** An admin-authored review (back-office spec, section 3). The password is accepted and never kept. */
export const adminReviewCreateSchema = z.object({
  productId: uuid(M.invalidProductId),
  reviewerName: z
    .string()
    .trim()
    .max(60)
    .nullish()
    .transform((v) => (v ? v : null)),
  reviewerEmail: z.string({ required_error: M.reviewerEmail }).trim().toLowerCase().email(M.reviewerEmail),
  reviewerPassword: z.string().optional(),
  rating: ratingSchema,
  comment: commentSchema,
});
export type AdminReviewCreateInput = z.infer<typeof adminReviewCreateSchema>;

export const deleteImagesSchema = z.object({
  imageUrls: z
    .array(z.string().max(500), {
      required_error: M.imageUrlsRequired,
      invalid_type_error: M.imageUrlsRequired,
    })
    .min(1, M.imageUrlsRequired)
    .max(50),
});

export const imageUploadSchema = z.object({
  filename: z.string().max(300).default(''),
  /** The file's bytes, base64: the catalog decides from them whether it is an image. */
  data: z.string().min(1, M.notAnImage),
});
export type ImageUploadInput = z.infer<typeof imageUploadSchema>;

const quantity = z
  .number({ required_error: M.quantity, invalid_type_error: M.quantity })
  .int(M.quantity)
  .min(1, M.quantity)
  .max(100_000, M.quantity);

export const stockReserveSchema = z.object({
  orderId: uuid('Invalid order ID'),
  lines: z
    .array(z.object({ productId: uuid(M.invalidProductId), quantity }))
    .min(1, M.emptyReservation)
    .max(200),
});
export type StockReserveInput = z.infer<typeof stockReserveSchema>;

export const priceQuoteSchema = z.object({
  lines: z
    .array(
      z.object({
        productId: uuid(M.invalidProductId),
        quantity: quantity.default(1),
        customization: z.record(z.unknown()).nullish(),
      }),
    )
    .max(200),
});
export type PriceQuoteInput = z.infer<typeof priceQuoteSchema>;

export const productManySchema = z.object({ ids: z.array(z.string().uuid()).max(500) });

/** `POST /admin2009/reorders/{id}/receive`; an id that is no UUID is reported as not found. */
export const reorderReceiveSchema = z.object({ id: z.string().max(100) });
export type ReorderReceiveInput = z.infer<typeof reorderReceiveSchema>;

/** `GET /admin2009/products`: the back office reads every live product; paging is there for big catalogs. */
export const ADMIN_PRODUCTS_MAX_PAGE_SIZE = 5000;
export const adminProductListQuerySchema = z.object({
  search: optionalFilter,
  limit: limitParam(ADMIN_PRODUCTS_MAX_PAGE_SIZE, ADMIN_PRODUCTS_MAX_PAGE_SIZE),
  page: pageParam(),
});
export type AdminProductListQuery = z.infer<typeof adminProductListQuerySchema>;
