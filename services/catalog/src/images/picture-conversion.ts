import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { parsePictureUrl, PICTURE_KEY, pictureName, pictureWidths } from '@shop/proto';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { returning } from '../common/sql';
import { ProductsRepository } from '../products/products.repository';
import { IMAGE_STORAGE, ImageStorage } from './image-storage';
import { EXTENSIONS, makePicture, MAX_PIXELS, storePicture } from './pictures';

/** pg advisory lock key: one replica converts, the others start without waiting. */
const CONVERSION_LOCK = 24_000_000_024;
/** A progress line at most this often, and at the end. */
const PROGRESS_EVERY_MS = 10_000;

export interface ConversionResult {
  converted: number;
  failed: number;
  /** Products whose pictures were replaced (those not deleted announced with product.upserted). */
  products: number;
}

/**
 * Gives the pictures stored before issue 24 (one `<uuid>-web.webp` each, or widths without their
 * AVIFs) all their files, once: at start, in the background, each picture is made again from its
 * upload's original when it was kept (else from the largest rendition) and every product showing
 * it is pointed at the new URL and announced, so carts and the back office follow. Run again it
 * finds nothing left to do; stopped halfway it goes on from where it was at the next start. The
 * old files stay: orders placed before keep their URLs.
 */
@Injectable()
export class PictureConversion implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Pictures');
  private running?: Promise<unknown>;
  private stopping = false;

  constructor(
    @Inject(IMAGE_STORAGE) private readonly storage: ImageStorage,
    private readonly dataSource: DataSource,
    private readonly products: ProductsRepository,
  ) {}

  onApplicationBootstrap(): void {
    this.running = this.run().catch((err) => this.logger.error(`picture conversion stopped: ${err.message}`));
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await this.running;
  }

  /** Converts every older picture a product shows; null when another replica holds the work. */
  async run(): Promise<ConversionResult | null> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      const [{ locked }] = await runner.query(`SELECT pg_try_advisory_lock($1) AS locked`, [CONVERSION_LOCK]);
      if (!locked) {
        this.logger.log('another replica is converting the older pictures');
        return null;
      }
      try {
        return await this.convertAll();
      } finally {
        await runner.query(`SELECT pg_advisory_unlock($1)`, [CONVERSION_LOCK]);
      }
    } finally {
      await runner.release();
    }
  }

  private async convertAll(): Promise<ConversionResult> {
    const rows: { image: string }[] = await this.dataSource.query(
      `SELECT DISTINCT image FROM products, unnest(images) AS image`,
    );
    const older: string[] = [];
    for (const { image } of rows) if (await this.isOlder(image)) older.push(image);
    const result: ConversionResult = { converted: 0, failed: 0, products: 0 };
    if (older.length === 0) return result;
    const updated = new Set<string>();
    const started = Date.now();
    let said = started;
    this.logger.log(`converting ${older.length} older pictures into their widths`);
    for (const url of older) {
      if (this.stopping) break;
      try {
        for (const id of await this.convert(url)) updated.add(id);
        result.converted += 1;
        result.products = updated.size;
      } catch (err) {
        result.failed += 1;
        this.logger.warn(`could not convert ${url}: ${err.message}`);
      }
      if (Date.now() - said >= PROGRESS_EVERY_MS) {
        said = Date.now();
        this.logger.log(`pictures converted: ${result.converted + result.failed} of ${older.length}`);
      }
    }
    const seconds = Math.round((Date.now() - started) / 1000);
    const left = older.length - result.converted - result.failed;
    this.logger.log(
      `pictures converted: ${result.converted} of ${older.length} in ${seconds} s, ${result.failed} failed, ` +
        `${result.products} products updated${left ? `; ${left} left for the next start` : ''}`,
    );
    return result;
  }

  /**
   * Whether a product's URL is a stored picture without all its files: an upload from before
   * pictures had widths, or a picture made before its widths had AVIFs beside them.
   */
  private async isOlder(url: string): Promise<boolean> {
    const name = this.storage.nameOf(url);
    if (!name) return false;
    const picture = parsePictureUrl(url);
    if (!picture) return !PICTURE_KEY.test(name.slice(0, 16));
    const [smallest] = pictureWidths(picture.largest, 'avif');
    return !(await this.storage.has(pictureName(picture.key, smallest, 'avif')));
  }

  /** Converts one picture; answers the products now showing the new one. */
  private async convert(url: string): Promise<string[]> {
    const name = this.storage.nameOf(url)!;
    // The upload's original, kept under the same random id or key, is the best source.
    const source =
      (await this.original(parsePictureUrl(url)?.key ?? name.slice(0, 36))) ??
      (await this.storage.read(name));
    if (!source) throw new Error('the file is missing');
    const picture = await makePicture(sharp(source, { limitInputPixels: MAX_PIXELS }).rotate());
    const pictureUrl = await storePicture(this.storage, picture);
    return this.dataSource.transaction(async (m) => {
      const changed = await returning<{ id: string }>(
        m,
        `UPDATE products SET images = array_replace(images, $1, $2) WHERE $1 = ANY(images) RETURNING id`,
        [url, pictureUrl],
      );
      await this.products.publishUpserted(
        m,
        changed.map((r) => r.id),
      );
      return changed.map((r) => r.id);
    });
  }

  private async original(id: string): Promise<Buffer | null> {
    for (const ext of Object.values(EXTENSIONS)) {
      const bytes = await this.storage.read(`${id}.${ext}`);
      if (bytes) return bytes;
    }
    return null;
  }
}
