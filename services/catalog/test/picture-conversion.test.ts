import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { databaseUrl, dropDatabase, EventPublisher } from '@shop/kit';
import { EVENTS, parsePictureUrl, pictureName, pictureWidths, ProductUpsertedEvent } from '@shop/proto';
import { Client } from 'pg';
import sharp from 'sharp';
import type { DataSource } from 'typeorm';
import { LocalImageStorage } from '../src/images/image-storage';
import { PictureConversion } from '../src/images/picture-conversion';
import { ProductsRepository } from '../src/products/products.repository';
import { openCatalogDatabase } from '../src/seed/catalog-database';

jest.setTimeout(120_000);

const SERVER = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Pictures stored before issue 24 (one `<uuid>-web.webp`, and the upload's original beside it)
 * get their widths once, at start: products point at the new URLs and are announced.
 */
describe('converting the pictures stored before they had widths', () => {
  const database = `t${randomBytes(4).toString('hex')}_catalog_pictures`;
  const uploads = mkdtempSync(join(tmpdir(), 'catalog-pictures-'));
  const folder = join(uploads, 'products');
  const storage = new LocalImageStorage(uploads, '/uploads');
  let dataSource: DataSource;
  let conversion: PictureConversion;
  const log: string[] = [];

  const uploaded = '11111111-1111-4111-8111-111111111111';
  const drawn = '22222222-2222-4222-8222-222222222222';
  const lost = '33333333-3333-4333-8333-333333333333';
  const url = (id: string) => `/uploads/products/${id}-web.webp`;
  const elsewhere = 'https://cdn.example.com/mug.jpg';
  /** A picture made in widths before they had AVIFs beside them. */
  const webpOnly = 'aaaaaaaaaaaaaaaa';
  const webpOnlyUrl = `/uploads/products/${pictureName(webpOnly, 500)}`;
  const ids: Record<'both' | 'drawnOnly' | 'lostOne' | 'deleted' | 'webpOnly', string> = {} as never;

  const insert = async (name: string, images: string[], deleted = false) => {
    const [row] = await dataSource.query(
      `INSERT INTO products (name, description, category, brand, price_paise, images, stock, deleted_at)
       VALUES ($1, 'A product', 'Gifts', 'jaksh', 10000, $2, 5, $3) RETURNING id`,
      [name, images, deleted ? new Date() : null],
    );
    return row.id as string;
  };
  const imagesOf = async (id: string): Promise<string[]> =>
    (await dataSource.query(`SELECT images FROM products WHERE id = $1`, [id]))[0].images;

  beforeAll(async () => {
    jest
      .spyOn(Logger.prototype, 'log')
      .mockImplementation((message: unknown) => void log.push(String(message)));
    jest
      .spyOn(Logger.prototype, 'warn')
      .mockImplementation((message: unknown) => void log.push(String(message)));
    ({ dataSource } = await openCatalogDatabase({
      ...process.env,
      DATABASE_NAME: database,
      UPLOADS_DIR: uploads,
    }));
    mkdirSync(folder, { recursive: true });
    const photo = sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#0f766e' } });
    writeFileSync(join(folder, `${uploaded}.jpg`), await photo.clone().jpeg().toBuffer());
    writeFileSync(join(folder, `${uploaded}-web.webp`), await photo.clone().resize(800).webp().toBuffer());
    writeFileSync(
      join(folder, `${drawn}-web.webp`),
      await sharp({ create: { width: 800, height: 800, channels: 3, background: '#b45309' } })
        .webp()
        .toBuffer(),
    );
    const small = sharp({ create: { width: 500, height: 500, channels: 3, background: '#7c3aed' } });
    for (const side of pictureWidths(500))
      writeFileSync(
        join(folder, pictureName(webpOnly, side)),
        await small.clone().resize(side).webp().toBuffer(),
      );
    writeFileSync(join(folder, `${webpOnly}.png`), await small.clone().png().toBuffer());
    ids.webpOnly = await insert('Earlier widths', [webpOnlyUrl]);
    ids.both = await insert('Both pictures', [url(uploaded), url(drawn), elsewhere]);
    ids.drawnOnly = await insert('Drawn picture', [url(drawn)]);
    ids.lostOne = await insert('Lost picture', [url(lost)]);
    ids.deleted = await insert('Deleted product', [url(uploaded)], true);
    conversion = new PictureConversion(
      storage,
      dataSource,
      new ProductsRepository(dataSource, new EventPublisher()),
    );
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await dataSource?.destroy();
    await dropDatabase(SERVER, database);
    rmSync(uploads, { recursive: true, force: true });
  });

  it("makes each picture's files, from the upload's original when it was kept, and points every product at them", async () => {
    expect(await conversion.run()).toEqual({ converted: 3, failed: 1, products: 4 });

    const [fromOriginal, fromWeb, untouched] = await imagesOf(ids.both);
    expect(untouched).toBe(elsewhere);
    // The original was 2000 px wide: its widths go up to 1200, past the 800 of the old rendition.
    expect(parsePictureUrl(fromOriginal)).toMatchObject({ base: '/uploads/products/', largest: 1200 });
    expect(parsePictureUrl(fromWeb)).toMatchObject({ largest: 800 });
    for (const picture of [fromOriginal, fromWeb]) {
      const { key, largest } = parsePictureUrl(picture)!;
      for (const format of ['webp', 'avif'] as const)
        for (const side of pictureWidths(largest, format))
          expect(existsSync(join(folder, pictureName(key, side, format)))).toBe(true);
    }
    expect(await imagesOf(ids.drawnOnly)).toEqual([fromWeb]);
    expect(await imagesOf(ids.deleted)).toEqual([fromOriginal]);
    // Orders placed before keep the old URLs: the old files stay.
    expect(existsSync(join(folder, `${uploaded}-web.webp`))).toBe(true);
  });

  it('gives a picture made in widths before AVIF its AVIFs, under a new key', async () => {
    const [now] = await imagesOf(ids.webpOnly);
    const { key, largest } = parsePictureUrl(now)!;
    expect([key === webpOnly, largest]).toEqual([false, 500]);
    for (const side of pictureWidths(500, 'avif'))
      expect(existsSync(join(folder, pictureName(key, side, 'avif')))).toBe(true);
    expect(existsSync(join(folder, pictureName(webpOnly, 500)))).toBe(true);
  });

  it('leaves a picture whose file is missing as it was, and says so', async () => {
    expect(await imagesOf(ids.lostOne)).toEqual([url(lost)]);
    expect(log).toContain(`could not convert ${url(lost)}: the file is missing`);
  });

  it('announces the products shoppers can see with their new pictures, not the deleted one', async () => {
    const events: { event: ProductUpsertedEvent }[] = await dataSource.query(
      `SELECT payload AS event FROM outbox WHERE type = $1`,
      [EVENTS.productUpserted],
    );
    const announced = new Map(events.map(({ event }) => [event.productId, event.image]));
    expect(announced).toEqual(
      new Map([
        [ids.both, (await imagesOf(ids.both))[0]],
        [ids.drawnOnly, (await imagesOf(ids.drawnOnly))[0]],
        [ids.webpOnly, (await imagesOf(ids.webpOnly))[0]],
      ]),
    );
  });

  it('says how far it got in the log', () => {
    expect(log).toContain('converting 4 older pictures into their widths');
    expect(
      log.some((line) => /^pictures converted: 3 of 4 in \d+ s, 1 failed, 4 products updated$/.test(line)),
    ).toBe(true);
  });

  it('finds nothing more to do when run again', async () => {
    const before = await dataSource.query(`SELECT id, images FROM products ORDER BY id`);
    expect(await conversion.run()).toEqual({ converted: 0, failed: 1, products: 0 });
    expect(await dataSource.query(`SELECT id, images FROM products ORDER BY id`)).toEqual(before);
  });

  it('leaves the work to the replica already doing it', async () => {
    const other = new Client({ connectionString: databaseUrl(SERVER, database) });
    await other.connect();
    try {
      await other.query(`SELECT pg_advisory_lock(24000000024)`);
      expect(await conversion.run()).toBeNull();
    } finally {
      await other.end();
    }
  });
});
