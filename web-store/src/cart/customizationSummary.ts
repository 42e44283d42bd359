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

/** An attached image the shop stored: its name and the link the cart (or the upload) gave it. */
export interface ArtworkFile {
  label: string;
  name: string;
  url: string;
}

function storedFile(value: unknown): { name: string; url: string } | null {
  if (!value || typeof value !== 'object') return null;
  const { name, url } = value as { name?: unknown; url?: unknown };
  return typeof name === 'string' && name && typeof url === 'string' && url ? { name, url } : null;
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
  { artworkApart = false }: { artworkApart?: boolean } = {},
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
      if (!(artworkApart && storedFile(raw))) details.push({ label, value: fileName(raw) ?? String(value) });
    } else if (value !== undefined && value !== null && value !== '') {
      details.push({ label, value: String(value) });
    }
  }
  const files = (Array.isArray(customization.uploadedFiles) ? customization.uploadedFiles : []).filter(
    (file) => !(artworkApart && storedFile(file)),
  );
  const names = files.map(fileName).filter((n): n is string => Boolean(n));
  if (names.length) details.push({ label: 'Uploaded files', value: names.join(', ') });
  if (typeof customization.comments === 'string' && customization.comments) {
    details.push({ label: 'Instructions', value: customization.comments });
  }
  return details;
}

/**
 * The stored images a line carries, to show as thumbnails linking to the file: the uploaded
 * designs and the image options' files. A file known only by its name has no picture to show.
 */
export function artworkOf(
  customization: Customization | null | undefined,
  options: ProductCustomizationOptionView[] = [],
): ArtworkFile[] {
  if (!customization) return [];
  const artwork: ArtworkFile[] = [];
  const chosen = (customization.dynamicCustomizations ?? {}) as Record<string, unknown>;
  for (const [optionId, raw] of Object.entries(chosen)) {
    const option = options.find((o) => o.optionId._id === optionId)?.optionId;
    const file = storedFile(raw);
    if (file && (!option || option.type === 'image' || option.type === 'file'))
      artwork.push({ label: option?.name ?? optionId, ...file });
  }
  const files = Array.isArray(customization.uploadedFiles) ? customization.uploadedFiles : [];
  for (const raw of files) {
    const file = storedFile(raw);
    if (file) artwork.push({ label: 'Uploaded files', ...file });
  }
  return artwork;
}
