import { z } from 'zod';
import {
  CART_MAX_LINES,
  CART_MAX_QUANTITY,
  CART_MESSAGES as M,
  CUSTOMIZATION_DEPTH_MAX,
  CUSTOMIZATION_FILES_MAX,
  CUSTOMIZATION_JSON_MAX,
  CUSTOMIZATION_NODES_MAX,
  CUSTOMIZATION_SIZE_MAX,
  CUSTOMIZATION_TEXT_MAX,
  CUSTOMIZATION_UPLOAD_MAX_BYTES,
  CUSTOMIZATION_FILE_NAME,
  GUEST_CART_ID,
} from './cart.constants';
import type { CartCustomization } from './cart.types';
import { canonicalJson, normalizeCustomization } from './customization';
import { hasControlCharacters } from '../validation/bounds';
import { measureJson } from '../validation/json-shape';

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);
const numeric = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v);

/** Add to cart needs a product id, given as a string or as an object with `_id` (storefront spec, section 5). */
export const cartProductIdSchema = z.preprocess(
  (v) => (isObject(v) ? v._id : v),
  z
    .string({ required_error: M.invalidProduct, invalid_type_error: M.invalidProduct })
    .trim()
    .uuid(M.invalidProduct),
);

const addQuantity = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? 1 : numeric(v)),
  z
    .number({ invalid_type_error: M.quantity })
    .int(M.quantity)
    .min(1, M.quantity)
    .max(CART_MAX_QUANTITY, M.quantityTooLarge),
);

/** A line's quantity set outright: zero or below removes the line (storefront spec, section 4). */
export const cartQuantitySchema = z.object({
  quantity: z.preprocess(
    numeric,
    z
      .number({ required_error: M.quantityWhole, invalid_type_error: M.quantityWhole })
      .int(M.quantityWhole)
      .max(CART_MAX_QUANTITY, M.quantityTooLarge),
  ),
});
export type CartQuantityInput = z.infer<typeof cartQuantitySchema>;

/** A file attached to a line: what the upload answered, or just its description in an older guest cart. */
export const uploadedFileSchema = z
  .object({
    name: z
      .string({ required_error: M.fileName, invalid_type_error: M.fileName })
      .min(1, M.fileName)
      .max(255, M.fileName),
    size: z
      .number({ required_error: M.fileSize, invalid_type_error: M.fileSize })
      .int(M.fileSize)
      .min(0, M.fileSize)
      .max(CUSTOMIZATION_UPLOAD_MAX_BYTES, M.fileTooLarge),
    type: z
      .string({ required_error: M.notAnImage, invalid_type_error: M.notAnImage })
      .max(100, M.notAnImage)
      .regex(/^image\//i, M.notAnImage),
    url: z.string().max(500).nullish(),
    fileId: z.string({ invalid_type_error: M.fileNotFound }).uuid(M.fileNotFound).nullish(),
  })
  .strip();
export type UploadedFileInput = z.infer<typeof uploadedFileSchema>;

const CUSTOMIZATION_LIMITS = { maxDepth: CUSTOMIZATION_DEPTH_MAX, maxNodes: CUSTOMIZATION_NODES_MAX };

const dynamicCustomizationsSchema = z
  .record(z.string().max(100), z.unknown(), { invalid_type_error: M.customization })
  .superRefine((options, ctx) => {
    for (const [optionId, value] of Object.entries(options)) {
      // Every text inside the dynamic options (a text option, a chosen value) is held to the same cap.
      if (measureJson(value, CUSTOMIZATION_LIMITS).longestText > CUSTOMIZATION_TEXT_MAX)
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: M.textOptionTooLong, path: [optionId] });
    }
  });

/**
 * A line's customization (storefront spec, section 3): size, comments (the special instructions),
 * uploadedFiles and dynamicCustomizations keyed by option id. The result is normalized (blank
 * fields dropped), so it is also the line's identity.
 */
export const customizationSchema = z.preprocess(
  (v, ctx) => {
    if (v === undefined || v === null) return {};
    // Bounded before anything recursive (normalizing, canonical JSON) walks it.
    const shape = measureJson(v, CUSTOMIZATION_LIMITS);
    if (!shape.exceeded) return v;
    const message = shape.depth > CUSTOMIZATION_DEPTH_MAX ? M.customizationTooDeep : M.customizationTooLarge;
    ctx.addIssue({ code: z.ZodIssueCode.custom, message, fatal: true });
    return z.NEVER;
  },
  z
    .object(
      {
        size: z.preprocess(
          (v) => (typeof v === 'number' ? String(v) : v),
          z
            .string({ invalid_type_error: M.sizeTooLong })
            .max(CUSTOMIZATION_SIZE_MAX, M.sizeTooLong)
            .nullish(),
        ),
        comments: z
          .string({ invalid_type_error: M.commentsTooLong })
          .max(CUSTOMIZATION_TEXT_MAX, M.commentsTooLong)
          .nullish(),
        uploadedFiles: z
          .array(uploadedFileSchema, { invalid_type_error: M.tooManyFiles })
          .max(CUSTOMIZATION_FILES_MAX, M.tooManyFiles)
          .nullish(),
        dynamicCustomizations: dynamicCustomizationsSchema.nullish(),
      },
      { invalid_type_error: M.customization },
    )
    .strip()
    .transform((c) => normalizeCustomization(c) as CartCustomization)
    .refine((c) => canonicalJson(c).length <= CUSTOMIZATION_JSON_MAX, M.customizationTooLarge),
);
export type CartCustomizationInput = z.infer<typeof customizationSchema>;

/** `POST /cart`. */
export const cartAddSchema = z.object({
  productId: cartProductIdSchema,
  quantity: addQuantity,
  customization: customizationSchema,
});
export type CartAddInput = z.infer<typeof cartAddSchema>;

/** `PUT /cart/{itemId}` as the cart service receives it. */
export const cartLineUpdateSchema = cartQuantitySchema.extend({ itemId: z.string().max(100) });
export type CartLineUpdateInput = z.infer<typeof cartLineUpdateSchema>;

export const cartLineIdSchema = z.object({ itemId: z.string().max(100) });
export type CartLineIdInput = z.infer<typeof cartLineIdSchema>;

/** One line of a guest cart: its product id as `productId`, or as the `product` object it kept. */
const guestLineSchema = z.preprocess(
  (v) =>
    isObject(v) && v.productId === undefined && v.product !== undefined ? { ...v, productId: v.product } : v,
  cartAddSchema,
);

/** `POST /cart/merge`: the guest cart the browser kept, merged in one call after login. */
export const cartMergeSchema = z.object({
  items: z
    .array(guestLineSchema, { required_error: M.mergeItems, invalid_type_error: M.mergeItems })
    .max(CART_MAX_LINES, M.tooManyLines),
});
export type CartMergeInput = z.infer<typeof cartMergeSchema>;

/** A visitor's guest cart id, as the gateway read it from the visitor's cookie; never from a body. */
export const guestCartIdSchema = z.string().regex(GUEST_CART_ID);

/** `cart.upload.guestFile`: a stored file (`<fileId>.<ext>`) and the guest cart the browser holds. */
export const guestFileSchema = z.object({
  file: z.string().regex(CUSTOMIZATION_FILE_NAME, M.fileNotFound),
  guestCartId: guestCartIdSchema,
});
export type GuestFileInput = z.infer<typeof guestFileSchema>;

/** `cart.merge` as the cart service receives it: the guest cart, and the id its uploads are held by. */
export const cartMergeRpcSchema = cartMergeSchema.extend({ guestCartId: guestCartIdSchema.optional() });
export type CartMergeRpcInput = z.infer<typeof cartMergeRpcSchema>;

/** `cart.upload.resolve`: the customizations of an order's lines, whose files the cart vouches for. */
export const customizationResolveSchema = z.object({
  customizations: z.array(customizationSchema).max(CART_MAX_LINES, M.tooManyLines),
});
export type CustomizationResolveInput = z.infer<typeof customizationResolveSchema>;

/** `cart.upload.create`: the gateway passes the file's bytes; the cart service decides from them what it is. */
export const customizationUploadSchema = z.object({
  filename: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() ? v.trim().slice(-255) : 'upload'),
    z.string(),
  ),
  data: z.string({ required_error: M.noFile, invalid_type_error: M.noFile }).min(1, M.noFile),
  /** Set for a visitor's upload (the caller has no customer actor): the file is held by this guest cart. */
  guestCartId: guestCartIdSchema.optional(),
});
export type CustomizationUploadInput = z.infer<typeof customizationUploadSchema>;

/**
 * `POST /cart/promo`: a code and, from a visitor, the guest cart the browser keeps (a customer's
 * cart is the server's own), which the cart prices from its catalog projection.
 */
export const cartPromoSchema = z.object({
  code: z
    .string({ required_error: M.invalidPromo, invalid_type_error: M.invalidPromo })
    .trim()
    .min(1, M.invalidPromo)
    .max(50, M.invalidPromo)
    .refine((code) => !hasControlCharacters(code), M.invalidPromo),
  items: z
    .array(guestLineSchema, { invalid_type_error: M.mergeItems })
    .max(CART_MAX_LINES, M.tooManyLines)
    .optional(),
});
export type CartPromoInput = z.infer<typeof cartPromoSchema>;
