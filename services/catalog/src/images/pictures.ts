import { IMAGE_WEB_MAX_SIDE, pictureName, pictureWidths } from '@shop/proto';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { ImageStorage } from './image-storage';

/**
 * WebP's effort (0-6) by side. Lists show many small widths, where effort 4 is cheap (under 20 ms)
 * and a quarter smaller than 0; above 320 px it takes twice as long as effort 2 for 6-10% fewer
 * bytes, which the seed's 275 pictures would pay in a minute of CPU.
 */
const webpOptions = (side: number) => ({ quality: 80, effort: side <= 320 ? 4 : 2 });

export interface PictureWidth {
  side: number;
  bytes: Buffer;
}

/** One product picture in every width it is shown at (proto's pictures.ts says how they are named). */
export interface Picture {
  key: string;
  largest: number;
  widths: PictureWidth[];
}

/**
 * Makes the widths of a picture from a sharp pipeline of its source, decoded once: the largest
 * fits inside IMAGE_WEB_MAX_SIDE (never enlarged), each smaller one inside its standard side.
 */
export async function makePicture(source: sharp.Sharp): Promise<Picture> {
  const { data, info } = await source
    .resize({ width: IMAGE_WEB_MAX_SIDE, height: IMAGE_WEB_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const largest = Math.max(info.width, info.height);
  const widths = await Promise.all(
    pictureWidths(largest).map(async (side) => {
      const pixels = sharp(data, raw);
      if (side < largest) pixels.resize({ width: side, height: side, fit: 'inside' });
      return { side, bytes: await pixels.webp(webpOptions(side)).toBuffer() };
    }),
  );
  const hash = createHash('sha256');
  for (const { side, bytes } of widths) hash.update(`${side}\0`).update(bytes);
  return { key: hash.digest('hex').slice(0, 16), largest, widths };
}

/** Stores every width, the largest last, and answers the URL of the largest: the one products hold. */
export async function storePicture(storage: ImageStorage, picture: Picture): Promise<string> {
  let url = '';
  for (const { side, bytes } of picture.widths) url = await storage.put(pictureName(picture.key, side), bytes);
  return url;
}
