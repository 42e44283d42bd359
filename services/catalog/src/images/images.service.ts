import { Inject, Injectable } from '@nestjs/common';
import { RpcError } from '@shop/kit';
import {
  CATALOG_MESSAGES as M,
  ERROR_CODES,
  IMAGE_MAX_BYTES,
  ImageUploadInput,
  ImageUploadReply,
  PICTURE_KEY,
  pictureName,
} from '@shop/proto';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { IMAGE_STORAGE, ImageStorage } from './image-storage';
import { EXTENSIONS, makePicture, MAX_PIXELS, storePicture } from './pictures';

export const imageTooLarge = () =>
  new RpcError({ status: 413, code: ERROR_CODES.VALIDATION, message: M.imageTooLarge });

/**
 * Product images for the back office. Whether a file is an image is decided from its bytes, never
 * its name or declared type; it is stored in the widths the shop's pages show (pictures.ts), with
 * the original kept beside them under the picture's key.
 */
@Injectable()
export class ImagesService {
  constructor(
    @Inject(IMAGE_STORAGE) private readonly storage: ImageStorage,
    private readonly dataSource: DataSource,
  ) {}

  async upload(input: ImageUploadInput): Promise<{ success: true } & ImageUploadReply> {
    const bytes = Buffer.from(input.data, 'base64');
    if (bytes.length > IMAGE_MAX_BYTES) throw imageTooLarge();
    const format = await this.formatOf(bytes);
    const picture = await makePicture(sharp(bytes, { limitInputPixels: MAX_PIXELS }).rotate()).catch(() => {
      throw RpcError.badRequest(M.notAnImage);
    });
    const created = !(await this.storage.has(pictureName(picture.key, picture.largest)));
    const originalUrl = await this.storage.put(`${picture.key}.${EXTENSIONS[format]}`, bytes);
    const url = await storePicture(this.storage, picture);
    return { success: true, url, originalUrl, created };
  }

  /**
   * Removes the images behind these URLs (a picture with all its widths and its original; an
   * older upload with its other rendition); unknown URLs are skipped. Pictures are named by their
   * content, so the same picture uploaded for two products is one: it stays while a product
   * that is not deleted still shows it.
   */
  async remove(urls: string[]): Promise<{ success: true; deleted: number }> {
    let deleted = 0;
    for (const url of urls) {
      const name = this.storage.nameOf(url);
      if (!name) continue;
      const key = name.slice(0, 16);
      if (PICTURE_KEY.test(key)) {
        if (await this.shown(key)) continue;
        if ((await this.storage.removeKey(key)) > 0) deleted += 1;
        continue;
      }
      const id = name.slice(0, 36);
      const renditions = [`${id}-web.webp`, ...Object.values(EXTENSIONS).map((ext) => `${id}.${ext}`)];
      const removed = await Promise.all(renditions.map((n) => this.storage.remove(n)));
      if (removed.some(Boolean)) deleted += 1;
    }
    return { success: true, deleted };
  }

  private async shown(key: string): Promise<boolean> {
    const [row] = await this.dataSource.query(
      `SELECT 1 FROM products p, unnest(p.images) AS image
        WHERE p.deleted_at IS NULL AND image LIKE '%/' || $1 || '-%' LIMIT 1`,
      [key],
    );
    return row !== undefined;
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
