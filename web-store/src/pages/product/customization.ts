import {
  CART_MESSAGES,
  CUSTOMIZATION_UPLOAD_MAX_BYTES,
  normalizeCustomization,
  type PriceModifier,
  type UploadedFileView,
} from '@shop/proto';
import type { Customization } from '../../cart/guestCart';
import { formatPrice } from '@shop/web-kit/format';

/** An image chosen for an image or file option: the file's description, its address as `value`. */
export interface UploadedValue extends UploadedFileView {
  value: string;
}

export type OptionValue = boolean | string | string[] | UploadedValue;

/** What the shopper has chosen so far on the product page. */
export interface CustomizationDraft {
  size: string;
  comments: string;
  uploadedFiles: UploadedFileView[];
  /** Keyed by option id (storefront spec, section 3). */
  options: Record<string, OptionValue>;
}

export const EMPTY_DRAFT: CustomizationDraft = { size: '', comments: '', uploadedFiles: [], options: {} };

/** The hint shown beside upload fields. The check enforced is 2 MB (spec, section 5: both readings). */
export const UPLOAD_HINT = 'Images only (JPG, PNG, WebP), up to 5MB.';

/**
 * The cart line's customization: size, comments, uploadedFiles and dynamicCustomizations, with
 * unchosen options left out so that choosing nothing matches a plain line of the same product.
 */
export function toCustomization(draft: CustomizationDraft): Customization {
  const dynamicCustomizations = Object.fromEntries(
    Object.entries(draft.options).filter(([, value]) => value !== false),
  );
  return normalizeCustomization({
    size: draft.size.trim(),
    comments: draft.comments.trim(),
    uploadedFiles: draft.uploadedFiles,
    dynamicCustomizations,
  });
}

/** Customisation uploads are images of at most 2 MB (storefront spec, section 5). */
export function uploadProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return CART_MESSAGES.notAnImage;
  if (file.size > CUSTOMIZATION_UPLOAD_MAX_BYTES) return CART_MESSAGES.fileTooLarge;
  return null;
}

/** "+₹50" or "-₹20"; nothing for a modifier of zero. */
export function modifierLabel(
  modifier: Pick<PriceModifier, 'operator' | 'value'> | null | undefined,
): string {
  if (!modifier || !modifier.value) return '';
  return `${modifier.operator === '-' ? '-' : '+'}${formatPrice(modifier.value)}`;
}
