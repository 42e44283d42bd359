import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { dropDatabase } from '@shop/kit';
import { BRANDS, EVENTS, HOME_CATEGORIES, parsePictureUrl, pictureName, pictureWidths } from '@shop/proto';
import type { DataSource } from 'typeorm';
import { LocalImageStorage } from '../src/images/image-storage';
import { openCatalogDatabase } from '../src/seed/catalog-database';
import { generateProducts } from '../src/seed/generate';
import { seedCatalog } from '../src/seed/seed';

// Each of some 275 pictures is made in six WebP widths up to 1200 px and four AVIF ones: on a busy
// two-core machine that alone takes a minute or two.
jest.setTimeout(300_000);

describe('catalog seed and bench generator', () => {
  const database = `t${randomBytes(4).toString('hex')}_catalog_seed`;
  const uploads = mkdtempSync(join(tmpdir(), 'catalog-seed-'));
  let dataSource: DataSource;
  let storage: LocalImageStorage;

  beforeAll(async () => {
    const opened = await openCatalogDatabase({
      ...process.env,
      DATABASE_NAME: database,
      UPLOADS_DIR: uploads,
    });
    dataSource = opened.dataSource;
    storage = new LocalImageStorage(uploads, '/uploads');
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await dropDatabase(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', database);
    rmSync(uploads, { recursive: true, force: true });
  });

  it('fills the six home-page categories for both brands with at least 120 products', async () => {
    expect(await seedCatalog(dataSource, storage)).toBeGreaterThanOrEqual(120);
    const groups: { category: string; brand: string; n: number }[] = await dataSource.query(
      `SELECT category, brand, count(*)::int AS n FROM products GROUP BY 1, 2`,
    );
    expect(groups).toHaveLength(HOME_CATEGORIES.length * BRANDS.length);
    for (const group of groups) expect(group.n).toBeGreaterThanOrEqual(10);
  });

  it('draws pictures for every product in every width, stored where the gateway serves /uploads', async () => {
    const rows: { images: string[] }[] = await dataSource.query(`SELECT images FROM products`);
    for (const { images } of rows) {
      expect(images.length).toBeGreaterThanOrEqual(1);
      for (const url of images) {
        const picture = parsePictureUrl(url);
        expect(picture).toMatchObject({ base: '/uploads/products/', largest: 1200 });
        for (const format of ['webp', 'avif'] as const)
          for (const side of pictureWidths(1200, format))
            expect(existsSync(join(uploads, 'products', pictureName(picture!.key, side, format)))).toBe(true);
      }
    }
  });

  it('links library options, and keeps each rating equal to the average of its reviews', async () => {
    const [{ linked }] = await dataSource.query(
      `SELECT count(DISTINCT product_id)::int AS linked FROM product_customizations`,
    );
    expect(linked).toBeGreaterThanOrEqual(120);
    const [{ reviews }] = await dataSource.query(`SELECT count(*)::int AS reviews FROM reviews`);
    expect(reviews).toBeGreaterThan(100);
    const [{ mismatched }] = await dataSource.query(
      `SELECT count(*)::int AS mismatched FROM products p
        WHERE p.review_count <> (SELECT count(*) FROM reviews r WHERE r.product_id = p.id)
           OR p.rating <> COALESCE((SELECT round(avg(r.rating), 2) FROM reviews r WHERE r.product_id = p.id), 0)`,
    );
    expect(mismatched).toBe(0);
  });

  it('announces every seeded product to the carts through the outbox', async () => {
    const [{ events }] = await dataSource.query(
      `SELECT count(*)::int AS events FROM outbox WHERE type = $1`,
      [EVENTS.productUpserted],
    );
    const [{ products }] = await dataSource.query(`SELECT count(*)::int AS products FROM products`);
    expect(events).toBe(products);
  });

  it('runs once: a catalog that has products is left alone', async () => {
    const [{ before }] = await dataSource.query(`SELECT count(*)::int AS before FROM products`);
    expect(await seedCatalog(dataSource, storage)).toBe(0);
    const [{ after }] = await dataSource.query(`SELECT count(*)::int AS after FROM products`);
    expect(after).toBe(before);
  });

  it('generates large catalogs for benchmarks over both brands and every category, feeding the search lexicon', async () => {
    const [{ before }] = await dataSource.query(`SELECT count(*)::int AS before FROM products`);
    await generateProducts(dataSource, storage, 5000);
    const [{ after }] = await dataSource.query(`SELECT count(*)::int AS after FROM products`);
    expect(after - before).toBe(5000);
    const spread: { n: number }[] = await dataSource.query(
      `SELECT count(*)::int AS n FROM products GROUP BY category, brand`,
    );
    expect(spread).toHaveLength(HOME_CATEGORIES.length * BRANDS.length);
    const [{ known }] = await dataSource.query(
      `SELECT count(*)::int AS known FROM search_words WHERE word IN ('lanyard', 'notebook', 'diary')`,
    );
    expect(known).toBe(3);
  });
});
