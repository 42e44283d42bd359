import { IMAGE_WEB_MAX_SIDE } from './catalog.constants';

/**
 * A product picture is stored once in several widths, so that a 40 px thumbnail and a zoomed
 * gallery each download what they show. Each width is a WebP fitted inside a square of that side
 * (a landscape picture's width, a portrait one's height), named `<key>-<side>.webp`, where the key
 * is a hash of every width's bytes: a name never stands for other bytes, so browsers may keep
 * them for a year without asking again. A product's `images` hold the URL of the largest width;
 * the others are found from it, and a URL of any other form (an older upload, another host's
 * picture) is shown as it is.
 */
export const PICTURE_WIDTHS = [160, 320, 480, 640, 800, IMAGE_WEB_MAX_SIDE] as const;

/** A picture's key: the first 16 hex digits of the SHA-256 of its widths. */
export const PICTURE_KEY = /^[0-9a-f]{16}$/;
const PICTURE_URL = /^(.*\/)?([0-9a-f]{16})-([1-9]\d{0,3})\.webp$/;

export const pictureName = (key: string, side: number) => `${key}-${side}.webp`;

/** The sides a picture whose larger side is `largest` px is stored at: the standard ones below it, and its own. */
export function pictureWidths(largest: number): number[] {
  return [...PICTURE_WIDTHS.filter((side) => side < largest), largest];
}

export interface PictureUrl {
  /** Everything before the name: the public folder, with its host when it has one. */
  base: string;
  key: string;
  largest: number;
}

/** A stored picture's parts, or null for a URL that is not one. */
export function parsePictureUrl(url: string): PictureUrl | null {
  const match = PICTURE_URL.exec(url);
  if (!match) return null;
  const largest = Number(match[3]);
  if (largest > IMAGE_WEB_MAX_SIDE) return null;
  return { base: match[1] ?? '', key: match[2], largest };
}

/** `srcset` for the picture whose largest width is at `url`; undefined for any other URL. */
export function pictureSrcSet(url: string): string | undefined {
  const picture = parsePictureUrl(url);
  if (!picture) return undefined;
  return pictureWidths(picture.largest)
    .map((side) => `${picture.base}${pictureName(picture.key, side)} ${side}w`)
    .join(', ');
}

/** The URL of the smallest width of the picture that covers `side` px (the largest when none does). */
export function pictureUrlFor(url: string, side: number): string {
  const picture = parsePictureUrl(url);
  if (!picture) return url;
  const fits = pictureWidths(picture.largest).find((w) => w >= side) ?? picture.largest;
  return `${picture.base}${pictureName(picture.key, fits)}`;
}
