import type { CartCustomization, UploadedFileView } from './cart.types';

/**
 * A line is a product id plus an identical customization object (storefront spec, section 4).
 * "Identical" is judged on the canonical form: keys sorted at every depth, and blank fields
 * (missing, null, empty text, empty list or object) left out, because a blank field is not a choice.
 */
export function normalizeCustomization<T>(value: T): T {
  return (prune(value) ?? {}) as T;
}

function isBlank(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value as object).length === 0;
  return false;
}

function prune(value: unknown): unknown {
  if (Array.isArray(value)) {
    const list = value.map(prune).filter((v) => v !== undefined && v !== null);
    return list.length === 0 ? undefined : list;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => [k, prune(v)] as const)
      .filter(([, v]) => !isBlank(v));
    return entries.length === 0 ? undefined : Object.fromEntries(entries);
  }
  return isBlank(value) ? undefined : value;
}

/** JSON with object keys sorted at every depth: equal customizations give equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value))
    return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The identity of a customization: two lines of one product merge exactly when their keys are equal. */
export function customizationKey(customization: unknown): string {
  return canonicalJson(normalizeCustomization(customization));
}

/**
 * An image or file option's value as the storefront sets it: the upload's description with
 * `value` (its link, or its name). Any option value with a `fileId` or a `url` is read as one, so
 * the cart vouches for it like an uploaded design whatever the option is called.
 */
export function isFileValue(value: unknown): value is UploadedFileView & { value?: unknown } {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    ('fileId' in value || 'url' in value)
  );
}

/** True when a line carries a file the cart must vouch for: a design, or an image option's file. */
export function customizationHasFiles(customization: CartCustomization | null | undefined): boolean {
  if (!customization) return false;
  return (
    (customization.uploadedFiles?.length ?? 0) > 0 ||
    Object.values(customization.dynamicCustomizations ?? {}).some(isFileValue)
  );
}
