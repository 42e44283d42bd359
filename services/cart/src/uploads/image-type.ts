export interface ImageType {
  mime: string;
  ext: string;
}

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
const ascii = (bytes: Buffer, text: string, offset = 0) =>
  startsWith(bytes, [...Buffer.from(text, 'latin1')], offset);

/** ISO media files (AVIF, HEIC) name their brand in the `ftyp` box. */
const HEIF_BRANDS: Record<string, ImageType> = {
  avif: { mime: 'image/avif', ext: 'avif' },
  avis: { mime: 'image/avif', ext: 'avif' },
  heic: { mime: 'image/heic', ext: 'heic' },
  heix: { mime: 'image/heic', ext: 'heic' },
  mif1: { mime: 'image/heif', ext: 'heif' },
};

/**
 * What image a file is, judged by its first bytes, never by its name or the type the browser
 * claimed; null when it is not one of the raster formats shoppers upload. SVG is refused: it is
 * a document that can carry script.
 */
export function detectImageType(bytes: Buffer): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: 'jpg' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { mime: 'image/png', ext: 'png' };
  if (ascii(bytes, 'GIF87a') || ascii(bytes, 'GIF89a')) return { mime: 'image/gif', ext: 'gif' };
  if (ascii(bytes, 'RIFF') && ascii(bytes, 'WEBP', 8)) return { mime: 'image/webp', ext: 'webp' };
  if (ascii(bytes, 'BM') && bytes.length >= 26) return { mime: 'image/bmp', ext: 'bmp' };
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]))
    return { mime: 'image/tiff', ext: 'tiff' };
  if (ascii(bytes, 'ftyp', 4) && bytes.length >= 12)
    return HEIF_BRANDS[bytes.toString('latin1', 8, 12)] ?? null;
  return null;
}
