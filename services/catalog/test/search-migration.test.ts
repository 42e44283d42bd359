import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMigratedDataSource, databaseUrl, dropDatabase, KIT_MIGRATIONS } from '@shop/kit';
import { DataSource, MigrationInterface } from 'typeorm';
import { CATALOG_ENTITIES, CATALOG_MIGRATIONS } from '../src/catalog-schema';
import type { CatalogConfig } from '../src/config/catalog-config';
import { LocalImageStorage } from '../src/images/image-storage';
import { CatalogSchema1720000000000 } from '../src/migrations/1720000000000-catalog-schema';
import { CatalogShopSettings1742000000000 } from '../src/migrations/1742000000000-catalog-shop-settings';
import { CatalogListingVersion1764000000000 } from '../src/migrations/1764000000000-catalog-listing-version';
import { CatalogSearch1770000000000 } from '../src/migrations/1770000000000-catalog-search';
import { CatalogCategorySorts1771000000000 } from '../src/migrations/1771000000000-catalog-category-sorts';
import { ProductSearchService } from '../src/products/product-search.service';
import { ReadCache } from '../src/products/read-cache';
import { generateProducts } from '../src/seed/generate';
import { CatalogSearchDropdown1766000000000 } from './earlier-search-migrations/1766000000000-catalog-search-dropdown';
import { CatalogSearchWordList1767000000000 } from './earlier-search-migrations/1767000000000-catalog-search-word-list';
import { CatalogSearchFewerPasses1768000000000 } from './earlier-search-migrations/1768000000000-catalog-search-fewer-passes';
import { CatalogSearchOneAnswer1769000000000 } from './earlier-search-migrations/1769000000000-catalog-search-one-answer';

jest.setTimeout(180_000);

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The catalog's migrations as the code before issue 21 had them: four search migrations, as they were. */
const EARLIER: (new () => MigrationInterface)[] = [
  CatalogSchema1720000000000,
  CatalogShopSettings1742000000000,
  CatalogListingVersion1764000000000,
  CatalogSearchDropdown1766000000000,
  CatalogSearchWordList1767000000000,
  CatalogSearchFewerPasses1768000000000,
  CatalogSearchOneAnswer1769000000000,
];

const open = (database: string, migrations: (new () => MigrationInterface)[]) =>
  createMigratedDataSource(serverUrl, database, {
    type: 'postgres',
    url: databaseUrl(serverUrl, database),
    entities: CATALOG_ENTITIES,
    migrations: [...KIT_MIGRATIONS, ...migrations],
    synchronize: false,
    logging: ['error'],
  });

/** What the search works with: the products' and word list's columns, indexes, triggers and functions. */
async function schemaOf(dataSource: DataSource): Promise<Record<string, string[]>> {
  const column = await dataSource.query(
    `SELECT table_name || '.' || column_name || ' ' || data_type || coalesce(' = ' || generation_expression, '') AS d
       FROM information_schema.columns WHERE table_schema = 'public' AND table_name IN ('products', 'search_words')
      ORDER BY 1`,
  );
  const index = await dataSource.query(
    `SELECT indexdef AS d FROM pg_indexes WHERE schemaname = 'public' AND tablename IN ('products', 'search_words') ORDER BY 1`,
  );
  const trigger = await dataSource.query(
    `SELECT pg_get_triggerdef(t.oid) AS d FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
      WHERE NOT t.tgisinternal AND c.relname IN ('products', 'search_words') ORDER BY 1`,
  );
  const fn = await dataSource.query(
    `SELECT pg_get_functiondef(p.oid) AS d FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'public' AND p.proname LIKE 'catalog\\_%' ORDER BY 1`,
  );
  const stats = await dataSource.query(
    `SELECT attname || ' ' || attstattarget AS d FROM pg_attribute
      WHERE attrelid = 'products'::regclass AND attstattarget > 0 ORDER BY 1`,
  );
  const rows = (r: { d: string }[]) => r.map((x) => x.d);
  return { column: rows(column), index: rows(index), trigger: rows(trigger), fn: rows(fn), stats: rows(stats) };
}

/**
 * Migration 1770000000000 replaces the four search migrations the shop ran before issue 21. A
 * database those migrated must end in the same shape as a new one, and search it alike.
 */
describe('the search schema migration', () => {
  const id = randomBytes(4).toString('hex');
  const upgraded = `t${id}_catalog_upgraded`;
  const fresh = `t${id}_catalog_fresh`;
  const uploads = mkdtempSync(join(tmpdir(), 'catalog-migration-'));
  let before: DataSource;
  let after: DataSource;
  let newOne: DataSource;
  let earlierShape: Record<string, string[]>;

  beforeAll(async () => {
    before = await open(upgraded, EARLIER);
    await generateProducts(before, new LocalImageStorage(uploads, '/uploads'), 800);
    await before.query(
      `INSERT INTO products (name, description, category, brand, price_paise) VALUES
         ('Satin Lanyard with Metal Hook', 'For events.', 'Lanyards', 'ms', 15000),
         ('Leather Diary A5', 'A diary for every day.', 'Stationery', 'jaksh', 85000)`,
    );
    earlierShape = await schemaOf(before);
    await before.destroy();
    after = await open(upgraded, CATALOG_MIGRATIONS);
    newOne = await open(fresh, CATALOG_MIGRATIONS);
  });

  afterAll(async () => {
    await after?.destroy();
    await newOne?.destroy();
    await dropDatabase(serverUrl, upgraded);
    await dropDatabase(serverUrl, fresh);
    rmSync(uploads, { recursive: true, force: true });
  });

  it('runs on a database the four earlier search migrations made, with every migration the earlier code lacked', async () => {
    const names: { name: string }[] = await after.query(`SELECT name FROM migrations ORDER BY id`);
    const earlier = EARLIER.map((m) => new m().name);
    const added = CATALOG_MIGRATIONS.map((m) => new m().name).filter((name) => !earlier.includes(name));
    expect(added.slice(0, 2)).toEqual(['CatalogSearch1770000000000', 'CatalogCategorySorts1771000000000']);
    expect(names.map((m) => m.name).slice(-added.length)).toEqual(added);
    expect(earlierShape.fn.some((f) => f.includes('catalog_search_dropdown'))).toBe(true);
  });

  it('leaves that database in the same shape as a new one', async () => {
    expect(await schemaOf(after)).toEqual(await schemaOf(newOne));
    const shape = await schemaOf(after);
    expect(shape.column.join('\n')).toContain('products.search_tsv tsvector');
    expect(shape.column.join('\n')).not.toMatch(/name_tsv|body_tsv|search_words\.stem/);
    expect(shape.fn.join('\n')).not.toMatch(/catalog_search_dropdown|catalog_name_term|catalog_text_query/);
  });

  it('searches the products that were already there', async () => {
    const search = new ProductSearchService(after, new ReadCache({ READ_CACHE_MS: 0 } as CatalogConfig));
    const names = async (q: string) => (await search.search(q)).products.map((p) => p.name);
    expect(await names('metal hok')).toEqual(['Satin Lanyard with Metal Hook']);
    expect((await names('leather diar'))[0]).toBe('Leather Diary A5');
    expect(await names('premium')).toHaveLength(8);
  });

  it('goes back to the earlier shape with down(), after which the earlier migrations run again', async () => {
    // Every migration the earlier code lacked goes back, the latest first: those after the search
    // migrations change products too (the HSN code).
    const earlier = EARLIER.map((m) => new m().name);
    const added = CATALOG_MIGRATIONS.map((m) => new m()).filter((m) => !earlier.includes(m.name!));
    expect(added.slice(0, 2).map((m) => m.constructor)).toEqual([CatalogSearch1770000000000, CatalogCategorySorts1771000000000]);
    const runner = after.createQueryRunner();
    try {
      for (const migration of [...added].reverse()) await migration.down!(runner);
      await runner.query(`DELETE FROM migrations WHERE name = ANY($1)`, [added.map((m) => m.name)]);
    } finally {
      await runner.release();
    }
    await after.destroy();
    const again = await open(upgraded, EARLIER);
    expect(await schemaOf(again)).toEqual(earlierShape);
    await again.destroy();
    after = await open(upgraded, CATALOG_MIGRATIONS);
    expect(await schemaOf(after)).toEqual(await schemaOf(newOne));
  });
});
