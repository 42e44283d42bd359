import type { ProductCustomizationOptionView } from '@shop/proto';
import type { Customization } from './guestCart';

export interface CustomizationDetail {
  label: string;
  value: string;
}

function plain(value: unknown): unknown {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && 'value' in value
    ? (value as { value: unknown }).value
    : value;
}

function fileName(value: unknown): string | null {
  if (value && typeof value === 'object' && 'name' in value && typeof value.name === 'string')
    return value.name;
  return null;
}

/**
 * A line's customization in words: size, each chosen option by its name, attached files and the
 * special instructions. Options the product no longer names are shown by their id.
 */
export function describeCustomization(
  customization: Customization | null | undefined,
  options: ProductCustomizationOptionView[] = [],
): CustomizationDetail[] {
  if (!customization) return [];
  const details: CustomizationDetail[] = [];
  if (typeof customization.size === 'string' && customization.size) {
    details.push({ label: 'Size', value: customization.size });
  }
  const chosen = (customization.dynamicCustomizations ?? {}) as Record<string, unknown>;
  for (const [optionId, raw] of Object.entries(chosen)) {
    const option = options.find((o) => o.optionId._id === optionId)?.optionId;
    const label = option?.name ?? optionId;
    const value = plain(raw);
    if (option?.type === 'boolean' || typeof value === 'boolean') {
      if (value === true || value === 'true') details.push({ label, value: 'Yes' });
    } else if (Array.isArray(value)) {
      if (value.length) details.push({ label, value: value.map((v) => String(plain(v))).join(', ') });
    } else if (option?.type === 'image' || option?.type === 'file') {
      details.push({ label, value: fileName(raw) ?? String(value) });
    } else if (value !== undefined && value !== null && value !== '') {
      details.push({ label, value: String(value) });
    }
  }
  const files = Array.isArray(customization.uploadedFiles) ? customization.uploadedFiles : [];
  const names = files.map(fileName).filter((n): n is string => Boolean(n));
  if (names.length) details.push({ label: 'Uploaded files', value: names.join(', ') });
  if (typeof customization.comments === 'string' && customization.comments) {
    details.push({ label: 'Instructions', value: customization.comments });
  }
  return details;
}
