import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { dropDatabase } from '@shop/kit';
import type { DataSource } from 'typeorm';
import type { CatalogConfig } from '../src/config/catalog-config';
import { LocalImageStorage } from '../src/images/image-storage';
import { CatalogSearchFewerPasses1768000000000 } from '../src/migrations/1768000000000-catalog-search-fewer-passes';
import { CatalogSearchOneAnswer1769000000000 } from '../src/migrations/1769000000000-catalog-search-one-answer';
import { ProductSearchService } from '../src/products/product-search.service';
import { ReadCache } from '../src/products/read-cache';
import { openCatalogDatabase } from '../src/seed/catalog-database';
import { ADJECTIVES, MATERIALS, NOUNS, generateProducts } from '../src/seed/generate';

jest.setTimeout(180_000);

/**
 * The dropdown's function is rewritten for speed (migration 1768000000000) and must answer exactly
 * as before: the same products in the same order, including which 200 of a common word's matches
 * are ranked (the first in table order). So the same texts are asked of the previous function
 * (the migration undone) and of the new one, over a generated catalog with words common enough to
 * pass 200 matches, renamed and deleted products, and typed words that are whole, cut short,
 * misspelt, plural or unknown.
 */
describe('search dropdown: the same answers after migration 1768000000000', () => {
  const database = `t${randomBytes(4).toString('hex')}_catalog_search`;
  const uploads = mkdtempSync(join(tmpdir(), 'catalog-search-'));
  let dataSource: DataSource;

  const texts = (): string[] => {
    const nouns = [...new Set(Object.values(NOUNS).flat())].map((n) => n.toLowerCase().split(' ').pop()!);
    const list = [
      'lanyard',
      'diar',
      'lanyrd',
      'mug',
      'notebok',
      'stick',
      'premium bottle',
      'eco',
      'calender',
      'gift box',
      'steel',
      'premium',
      'metal',
      'metal hook',
      'bottles',
      'diaries',
      'she',
      'with',
      'p',
      'pr',
      'zzz unknown',
      'renamed',
      'retired',
    ];
    for (const [i, adjective] of ADJECTIVES.entries()) {
      const material = MATERIALS[i % MATERIALS.length].toLowerCase();
      for (const [n, word] of nouns.entries()) {
        if ((n + i) % 3 !== 0) continue;
        list.push(`${adjective.toLowerCase()} ${material} ${word}`);
        list.push(`${adjective.toLowerCase()} ${material} ${word.slice(0, Math.max(3, word.length - 2))}`);
        list.push(`${adjective.toLowerCase()} ${material} ${word.slice(0, 2) + word.slice(3)}`);
        list.push(`${material} ${word.slice(0, 4)}`);
      }
    }
    return list;
  };

  const answers = async (): Promise<Record<string, string[]>> => {
    const search = new ProductSearchService(dataSource, new ReadCache({ READ_CACHE_MS: 0 } as CatalogConfig));
    const found: Record<string, string[]> = {};
    for (const text of texts()) found[text] = (await search.search(text)).products.map((p) => p._id);
    return found;
  };

  beforeAll(async () => {
    ({ dataSource } = await openCatalogDatabase({
      ...process.env,
      DATABASE_NAME: database,
      UPLOADS_DIR: uploads,
    }));
    await generateProducts(dataSource, new LocalImageStorage(uploads, '/uploads'), 6000);
    await dataSource.query(
      `INSERT INTO products (name, description, category, brand, price_paise, images, tags)
       VALUES ('Satin Lanyard with Metal Hook', 'Metal hook.', 'Lanyards', 'ms', 100, '{}', '{}'),
              ('Premium Glass Bottles', 'Bottles for gifting.', 'Drinkware', 'jaksh', 100, '{}', '{}'),
              ('Steel Diaries Set', 'Diaries.', 'Stationery', 'jaksh', 100, '{}', '{}')`,
    );
    await dataSource.query(
      `UPDATE products SET name = 'Renamed ' || name WHERE id IN (SELECT id FROM products ORDER BY id LIMIT 40)`,
    );
    await dataSource.query(
      `UPDATE products SET deleted_at = now(), name = 'Retired ' || name
        WHERE id IN (SELECT id FROM products ORDER BY id DESC LIMIT 300)`,
    );
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await dropDatabase(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', database);
    rmSync(uploads, { recursive: true, force: true });
  });

  it('answers every text with the same products in the same order as the previous function', async () => {
    // 1769000000000 changes which of a common word's matches are ranked: compared without it.
    const later = new CatalogSearchOneAnswer1769000000000();
    const runner = dataSource.createQueryRunner();
    let now: Record<string, string[]>;
    try {
      await later.down(runner);
      now = await answers();
      const migration = new CatalogSearchFewerPasses1768000000000();
      await migration.down(runner);
      const before = await answers();
      await migration.up(runner);
      expect(now).toEqual(before);
      expect(await answers()).toEqual(now);
    } finally {
      await later.up(runner);
      await runner.release();
    }
    // The comparison means something: common words fill the dropdown, others find a few or none.
    expect(now['premium']).toHaveLength(8);
    expect(now['steel']).toHaveLength(8);
    expect(now['zzz unknown']).toEqual([]);
    expect(Object.values(now).filter((ids) => ids.length > 0 && ids.length < 8).length).toBeGreaterThan(10);
  });

  it('skips the typo pass only where it could not add a product', async () => {
    const covers = async (typed: string[], corrected: string[]): Promise<boolean> =>
      (
        await dataSource.query(`SELECT catalog_name_terms_cover($1::text[], $2::text[]) AS c`, [
          typed,
          corrected,
        ])
      )[0].c;
    expect(await covers(['metallic', 'bott:*'], ['metallic', 'bottle'])).toBe(true);
    expect(await covers(['diar:*'], ['diary'])).toBe(true);
    // "lnyard" is not the start of "lanyard": the corrected pass finds what the typed one cannot.
    expect(await covers(['metallic', 'lnyard:*'], ['metallic', 'lanyard'])).toBe(false);
    expect(await covers(['bottel:*'], ['bottle'])).toBe(false);
    // Not plain letters: no claim is made.
    expect(await covers(['a5:*'], ['a5x'])).toBe(false);
  });
});
