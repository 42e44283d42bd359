import {
  BRANDS,
  CATALOG_MESSAGES as M,
  DEFAULT_BRAND,
  DEFAULT_HSN_CODE,
  HSN_BY_CATEGORY,
  HSN_CODE_PATTERN,
  hsnCodeOf,
  type Brand,
  type OptionValue,
  type PriceModifier,
  type PriceOperator,
  type ProductCustomizationLink,
} from '@shop/proto';
import { z } from 'zod';
import type { CustomizationDefinition } from '../../api/customizations';
import type { AdminProduct, ProductPayload } from '../../api/products';

export const PRODUCT_FORM_MESSAGES = {
  confirmSubmit: 'Are you sure you want to submit this product?',
  saved: '✅ Product + Reviews saved',
  saveFailed: '❌ Save failed',
  uploadFailed: 'Failed to upload images',
  deleteReviewFailed: 'Failed to delete review',
  restoreReviewFailed: 'Failed to restore review',
  customizationCreated: '✅ Customization created and selected',
  customizationCreateFailed: '❌ Failed to create customization',
  customizationUpdated: '✅ Customization updated',
  customizationUpdateFailed: '❌ Failed to update customization',
  notAnImage: M.notAnImage,
} as const;

/** The general information fields as the inputs hold them (numbers still text). */
export interface ProductFormValues {
  name: string;
  brand: Brand;
  category: string;
  price: string;
  stock: string;
  description: string;
  /** Blank: the category's default. */
  hsnCode: string;
}

const numberText = (message: string, { integer }: { integer: boolean }) =>
  z
    .string()
    .trim()
    .refine((text) => {
      if (text === '') return true;
      const value = Number(text);
      return Number.isFinite(value) && value >= 0 && (!integer || Number.isInteger(value));
    }, message);

/** Name, category and description are required; brand is one of two; price and stock are numbers. */
export const productFormSchema = z.object({
  name: z.string().trim().min(1, M.nameRequired),
  brand: z.enum(BRANDS, { errorMap: () => ({ message: M.brand }) }),
  category: z.string().trim().min(1, M.categoryRequired),
  price: numberText(M.price, { integer: false }),
  stock: numberText(M.stock, { integer: true }),
  description: z.string().trim().min(1, M.descriptionRequired),
  hsnCode: z
    .string()
    .trim()
    .refine((code) => code === '' || HSN_CODE_PATTERN.test(code), M.hsnCode),
});

/** The HSN field's placeholder: the code a product of this category takes when the field is blank. */
export function hsnCodePlaceholder(category: string): string {
  const name = category.trim();
  return name ? `Default for ${name}: ${hsnCodeOf({ category: name })}` : "Default: the category's code";
}

/** The defaults the field falls back to, as proto's HSN_BY_CATEGORY documents them. */
export const HSN_CODE_HINT = `4, 6 or 8 digits. Leave blank for the category's default: ${Object.entries(
  HSN_BY_CATEGORY,
)
  .map(([category, code]) => `${category} ${code}`)
  .join(', ')}, any other category ${DEFAULT_HSN_CODE}.`;

/** Price and stock convert to numbers; blank means 0. */
export function toNumber(text: string | number | null | undefined): number {
  if (typeof text === 'number') return Number.isFinite(text) ? text : 0;
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return 0;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : 0;
}

export function initialValues(product?: AdminProduct): ProductFormValues {
  return {
    name: product?.name ?? '',
    brand: product?.brand ?? DEFAULT_BRAND,
    category: product?.category ?? '',
    price: product ? String(product.price) : '',
    stock: product ? String(product.stock) : '',
    description: product?.description ?? '',
    hsnCode: product?.hsnCode ?? '',
  };
}

/* Customizations */

export interface ModifierDraft {
  operator: PriceOperator;
  value: string;
}

export interface LinkDraft {
  optionId: string;
  /** Used by boolean (and text, image, file) options. */
  priceModifier: ModifierDraft;
  /** Used by select and multi-select options: each option value with its own modifier. */
  options: { value: string; modifier: ModifierDraft }[];
}

export const hasOptions = (type: string) => type === 'select' || type === 'multi-select';

const draftModifier = (modifier: PriceModifier | null | undefined): ModifierDraft => ({
  operator: modifier?.operator ?? '+',
  value: String(modifier?.value ?? 0),
});

const modifierOf = (draft: ModifierDraft): PriceModifier => ({
  type: 'fixed',
  operator: draft.operator,
  value: toNumber(draft.value),
});

/** A library option freshly picked for a product starts from the library's own modifiers. */
export function draftFromDefinition(definition: CustomizationDefinition): LinkDraft {
  return {
    optionId: definition._id,
    priceModifier: draftModifier(definition.priceModifier),
    options: (definition.options ?? []).map((option) => ({
      value: option.value,
      modifier: draftModifier(option.priceModifier),
    })),
  };
}

/** A product's saved link, with its own modifiers where it overrides the library's. */
export function draftFromLink(
  link: ProductCustomizationLink,
  definition: CustomizationDefinition | undefined,
): LinkDraft {
  const base = definition
    ? draftFromDefinition(definition)
    : { optionId: link.optionId, priceModifier: draftModifier(null), options: [] };
  return {
    optionId: link.optionId,
    priceModifier: link.priceModifier ? draftModifier(link.priceModifier) : base.priceModifier,
    options: link.options
      ? link.options.map((o) => ({ value: o.value, modifier: draftModifier(o.priceModifier) }))
      : base.options,
  };
}

/**
 * After the library definition was edited, a product's link follows its option list: modifiers
 * the product set for values that still exist are kept, new values start from the library's.
 */
export function mergeDraftWithDefinition(draft: LinkDraft, definition: CustomizationDefinition): LinkDraft {
  const fresh = draftFromDefinition(definition);
  const kept = new Map(draft.options.map((o) => [o.value, o.modifier]));
  return {
    optionId: draft.optionId,
    priceModifier: draft.priceModifier,
    options: fresh.options.map((o) => ({ value: o.value, modifier: kept.get(o.value) ?? o.modifier })),
  };
}

export function linkFromDraft(draft: LinkDraft, type: string | undefined): ProductCustomizationLink {
  if (type && hasOptions(type)) {
    const options: OptionValue[] = draft.options.map((o) => ({
      value: o.value,
      priceModifier: modifierOf(o.modifier),
    }));
    return { optionId: draft.optionId, enabled: true, priceModifier: null, options };
  }
  return {
    optionId: draft.optionId,
    enabled: true,
    priceModifier: modifierOf(draft.priceModifier),
    options: null,
  };
}

/* Reviews */

export interface ReviewDraft {
  key: string;
  reviewerName: string;
  reviewerEmail: string;
  reviewerPassword: string;
  /** 0 means no rating chosen yet. */
  rating: number;
  comment: string;
}

/** A new review is sent only when email, password, rating and comment are all present. */
export function isCompleteReview(draft: ReviewDraft): boolean {
  return Boolean(
    draft.reviewerEmail.trim() && draft.reviewerPassword && draft.rating > 0 && draft.comment.trim(),
  );
}

export function reviewHasContent(draft: ReviewDraft): boolean {
  return Boolean(
    draft.reviewerName.trim() ||
    draft.reviewerEmail.trim() ||
    draft.reviewerPassword ||
    draft.rating > 0 ||
    draft.comment.trim(),
  );
}

/* Payload */

export function buildPayload(
  values: ProductFormValues,
  images: string[],
  tags: string[],
  customizations: ProductCustomizationLink[],
): ProductPayload {
  return {
    name: values.name.trim(),
    brand: values.brand,
    category: values.category.trim(),
    price: toNumber(values.price),
    stock: toNumber(values.stock),
    description: values.description.trim(),
    images,
    tags,
    customizations,
    hsnCode: values.hsnCode.trim() || null,
  };
}
