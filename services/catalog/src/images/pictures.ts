import { IMAGE_WEB_MAX_SIDE, pictureName, PictureFormat, pictureWidths } from '@shop/proto';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { ImageStorage } from './image-storage';

/** Formats an upload is kept in, by what its bytes are, with their extension. SVG is refused: it can carry script. */
export const EXTENSIONS: Record<string, string> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  avif: 'avif',
};
/** Refuses decompression bombs before decoding them. */
export const MAX_PIXELS = 50_000_000;

/**
 * WebP's effort (0-6) by side. Lists show many small widths, where effort 4 is cheap (under 20 ms)
 * and a quarter smaller than 0; above 320 px it takes twice as long as effort 2 for 6-10% fewer
 * bytes, which the seed's 275 pictures would pay in a minute of CPU.
 */
const webpOptions = (side: number) => ({ quality: 80, effort: side <= 320 ? 4 : 2 });
/** AVIF at quality 50 is as faithful as WebP at 80 (PSNR); effort 1 takes twice WebP's time, 2 twice again for 5% fewer bytes. */
const AVIF = { quality: 50, effort: 1 };

export interface PictureFile {
  side: number;
  format: PictureFormat;
  bytes: Buffer;
}

/** One product picture in every width and format it is shown in (proto's pictures.ts says how they are named). */
export interface Picture {
  key: string;
  largest: number;
  files: PictureFile[];
}

/**
 * Makes the files of a picture from a sharp pipeline of its source, decoded once: the largest
 * fits inside IMAGE_WEB_MAX_SIDE (never enlarged), each smaller one inside its standard side.
 */
export async function makePicture(source: sharp.Sharp): Promise<Picture> {
  const { data, info } = await source
    .resize({
      width: IMAGE_WEB_MAX_SIDE,
      height: IMAGE_WEB_MAX_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const largest = Math.max(info.width, info.height);
  const avif = new Set(pictureWidths(largest, 'avif'));
  const bySide = await Promise.all(
    pictureWidths(largest).map(async (side) => {
      let pixels = { data, info };
      if (side < largest)
        pixels = await sharp(data, { raw: info })
          .resize({ width: side, height: side, fit: 'inside' })
          .raw()
          .toBuffer({ resolveWithObject: true });
      const encoded = (format: PictureFormat) => {
        const image = sharp(pixels.data, { raw: pixels.info });
        const bytes = format === 'webp' ? image.webp(webpOptions(side)) : image.avif(AVIF);
        return bytes.toBuffer().then((b): PictureFile => ({ side, format, bytes: b }));
      };
      return Promise.all(avif.has(side) ? [encoded('avif'), encoded('webp')] : [encoded('webp')]);
    }),
  );
  // AVIFs first, then the WebPs from the smallest: the largest WebP, the products' URL, last.
  const files = [
    ...bySide.flat().filter((f) => f.format === 'avif'),
    ...bySide.flat().filter((f) => f.format === 'webp'),
  ];
  const hash = createHash('sha256');
  for (const { side, format, bytes } of files) hash.update(`${side}.${format}\0`).update(bytes);
  return { key: hash.digest('hex').slice(0, 16), largest, files };
}

/** Stores every file in order and answers the URL of the last, the largest WebP: the one products hold. */
export async function storePicture(storage: ImageStorage, picture: Picture): Promise<string> {
  let url = '';
  for (const { side, format, bytes } of picture.files)
    url = await storage.put(pictureName(picture.key, side, format), bytes);
  return url;
}
