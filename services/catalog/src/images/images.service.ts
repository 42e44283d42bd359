import { Inject, Injectable } from '@nestjs/common';
import { RpcError } from '@shop/kit';
import {
  CATALOG_MESSAGES as M,
  ERROR_CODES,
  IMAGE_MAX_BYTES,
  IMAGE_WEB_MAX_SIDE,
  ImageUploadInput,
  ImageUploadReply,
} from '@shop/proto';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { IMAGE_STORAGE, ImageStorage } from './image-storage';

/** Formats kept, by what the bytes are. SVG is refused: it can carry script. */
const EXTENSIONS: Record<string, string> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  avif: 'avif',
};
/** Refuses decompression bombs before decoding them. */
const MAX_PIXELS = 50_000_000;

export const imageTooLarge = () =>
  new RpcError({ status: 413, code: ERROR_CODES.VALIDATION, message: M.imageTooLarge });

/**
 * Product images for the back office. Whether a file is an image is decided from its bytes, never
 * its name or declared type; it is stored under a new name with a resized WebP for the shop's pages.
 */
@Injectable()
export class ImagesService {
  constructor(@Inject(IMAGE_STORAGE) private readonly storage: ImageStorage) {}

  async upload(input: ImageUploadInput): Promise<{ success: true } & ImageUploadReply> {
    const bytes = Buffer.from(input.data, 'base64');
    if (bytes.length > IMAGE_MAX_BYTES) throw imageTooLarge();
    const format = await this.formatOf(bytes);
    const id = randomUUID();
    const web = await sharp(bytes, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize({
        width: IMAGE_WEB_MAX_SIDE,
        height: IMAGE_WEB_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 82 })
      .toBuffer()
      .catch(() => {
        throw RpcError.badRequest(M.notAnImage);
      });
    const originalUrl = await this.storage.put(`${id}.${EXTENSIONS[format]}`, bytes);
    const url = await this.storage.put(`${id}-web.webp`, web);
    return { success: true, url, originalUrl };
  }

  /** Removes the images behind these URLs (each with its other rendition); unknown URLs are skipped. */
  async remove(urls: string[]): Promise<{ success: true; deleted: number }> {
    let deleted = 0;
    for (const url of urls) {
      const name = this.storage.nameOf(url);
      if (!name) continue;
      const id = name.slice(0, 36);
      const renditions = [`${id}-web.webp`, ...Object.values(EXTENSIONS).map((ext) => `${id}.${ext}`)];
      const removed = await Promise.all(renditions.map((n) => this.storage.remove(n)));
      if (removed.some(Boolean)) deleted += 1;
    }
    return { success: true, deleted };
  }

  private async formatOf(bytes: Buffer): Promise<string> {
    try {
      const meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
      // sharp names AVIF by its container, HEIF; only the AV1 kind is AVIF.
      const format = meta.format === 'heif' && meta.compression === 'av1' ? 'avif' : meta.format;
      if (format && EXTENSIONS[format] && meta.width && meta.height) return format;
    } catch {
      // not something sharp can read: not an image
    }
    throw RpcError.badRequest(M.notAnImage);
  }
}
