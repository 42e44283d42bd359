/** Text options and special-instruction boxes hold at most this many characters (storefront spec, section 5). */
export const CUSTOMIZATION_TEXT_MAX = 500;
export const CUSTOMIZATION_SIZE_MAX = 100;
export const CUSTOMIZATION_FILES_MAX = 10;
/** The whole customization of a line, as canonical JSON: bounds what one line can make the cart store. */
export const CUSTOMIZATION_JSON_MAX = 20_000;
/** Levels of nesting and values a customization may hold, checked before anything walks it. */
export const CUSTOMIZATION_DEPTH_MAX = 8;
export const CUSTOMIZATION_NODES_MAX = 2_000;

/** Customization uploads: images only, checked by their bytes, at most 2 MB (the enforced check; the hint says 5 MB). */
export const CUSTOMIZATION_UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
export const CUSTOMIZATION_UPLOAD_FIELD = 'file';
/** The folder under the uploads directory that customization files are stored in. */
export const CUSTOMIZATION_UPLOAD_FOLDER = 'customizations';
/**
 * A stored customization file as its link names it, `<fileId>.<ext>`: what the cart writes and the
 * gateway serves at `/api/cart/uploads/<file>`.
 */
export const CUSTOMIZATION_FILE_NAME = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([a-z0-9]{2,5})$/;
/**
 * The httpOnly cookie holding a visitor's guest cart id: the files a visitor uploads are theirs by
 * it until sign-in moves them to the customer. The id is random and unguessable (see `GUEST_CART_ID`).
 */
export const GUEST_CART_COOKIE = 'guest_cart';
/** 32 random bytes, base64url: what the gateway issues and the cart accepts as a guest cart id. */
export const GUEST_CART_ID = /^[A-Za-z0-9_-]{43}$/;

/** A line of this many units, or this many units in the whole cart, is a bulk order (storefront spec, section 9). */
export const BULK_ORDER_QUANTITY = 50;

export const CART_MAX_LINES = 200;
export const CART_MAX_QUANTITY = 100_000;

export const CART_MESSAGES = {
  invalidProduct: 'Invalid product',
  quantity: 'Quantity must be a whole number of 1 or more',
  quantityWhole: 'Quantity must be a whole number',
  quantityTooLarge: `Quantity must be at most ${CART_MAX_QUANTITY}`,
  itemNotFound: 'Cart item not found',
  tooManyLines: `Your cart can hold at most ${CART_MAX_LINES} different items`,
  commentsTooLong: `Special instructions must be at most ${CUSTOMIZATION_TEXT_MAX} characters`,
  textOptionTooLong: `Text options must be at most ${CUSTOMIZATION_TEXT_MAX} characters`,
  sizeTooLong: `Size must be at most ${CUSTOMIZATION_SIZE_MAX} characters`,
  customization: 'Customization must be an object',
  customizationTooLarge: 'This customization is too large',
  customizationTooDeep: `A customization may be nested at most ${CUSTOMIZATION_DEPTH_MAX} levels deep`,
  tooManyFiles: `Attach at most ${CUSTOMIZATION_FILES_MAX} files to one item`,
  fileNotFound: 'Uploaded file not found',
  fileName: 'Each uploaded file needs a name',
  fileSize: 'Each uploaded file needs its size in bytes',
  notAnImage: 'Please upload only image files',
  fileTooLarge: 'File size must be less than 2MB',
  noFile: 'Please choose an image file to upload',
  mergeItems: 'items must be a list of cart items',
  invalidPromo: 'Invalid promo code',
  /** The client's default when a merge fails (storefront spec, section 8). */
  syncFailed: 'Failed to sync cart',
} as const;
