import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { deleteNamespace } from '../../../e2e/harness/broker';
import { databaseUrl, dropDatabase } from '../../kit/src';
import { LocalImageStorage } from '../src/images/image-storage';
import { ProductSearchService } from '../src/products/product-search.service';
import { ProductSitemapService } from '../src/products/product-sitemap.service';
import { ProductsService } from '../src/products/products.service';
import { generateProducts } from '../src/seed/generate';

jest.setTimeout(120_000);

const namespace = `t${randomBytes(4).toString('hex')}`;
const database = `${namespace}_catalog`;
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Whatever a plan holds under `JIT` in EXPLAIN's JSON: present only when PostgreSQL compiled it. */
const jitOf = (plan: unknown): unknown => (plan as [{ JIT?: unknown }])[0].JIT;

/**
 * Issue 21: PostgreSQL compiled the catalog's search to machine code on every call, 217 ms against
 * 0.4 ms of work. The catalog's database is made here to compile everything (every JIT threshold
 * 0, as a plan costed like a search of a large catalog would be), and every statement a list, a
 * search, a product page and similar products run is planned as the catalog runs it, on its pool.
 */
describe("the catalog's queries are never compiled by PostgreSQL's JIT", () => {
  const uploads = mkdtempSync(join(tmpdir(), 'catalog-plans-'));
  let app: INestApplicationContext;
  let dataSource: DataSource;
  let jitAvailable: boolean;

  beforeAll(async () => {
    const admin = new Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${database}"`);
    for (const setting of ['jit_above_cost', 'jit_inline_above_cost', 'jit_optimize_above_cost'])
      await admin.query(`ALTER DATABASE "${database}" SET ${setting} = 0`);
    jitAvailable = (await admin.query(`SELECT pg_jit_available() AS on`)).rows[0].on;
    await admin.end();
    Object.assign(process.env, {
      DATABASE_URL: serverUrl,
      DATABASE_NAME: database,
      BUS_NAMESPACE: namespace,
      HEALTH_PORT: '0',
      LOG_LEVEL: 'silent',
      UPLOADS_DIR: uploads,
    });
    // The service's own module, read after the environment is set: its pool is the one under test.
    const { AppModule } = await import('../src/app.module');
    app = await NestFactory.createApplicationContext(AppModule, { logger: false });
    await app.init();
    dataSource = app.get(DataSource);
    await generateProducts(dataSource, new LocalImageStorage(uploads, '/uploads'), 500);
  });

  afterAll(async () => {
    await app?.close();
    await dropDatabase(serverUrl, database);
    await deleteNamespace(namespace, ['catalog']);
    rmSync(uploads, { recursive: true, force: true });
  });

  it("starts every connection of the catalog's pool with JIT off", async () => {
    const sessions = await Promise.all(
      [1, 2, 3].map(() => dataSource.query(`SELECT current_setting('jit') AS jit, pg_sleep(0.05)`)),
    );
    expect(sessions.map(([row]) => row.jit)).toEqual(['off', 'off', 'off']);
  });

  it('plans every statement of lists, searches, product pages, similar products and the sitemap without JIT', async () => {
    const sent: { text: string; values: unknown[] }[] = [];
    const query = Client.prototype.query;
    const spy = jest.spyOn(Client.prototype, 'query').mockImplementation(function (this: Client, ...args: any[]) {
      const [config, values] = args;
      const text = typeof config === 'string' ? config : config?.text;
      if (typeof text === 'string' && /^\s*(SELECT|WITH)\b/i.test(text))
        sent.push({ text, values: Array.isArray(values) ? values : (config?.values ?? []) });
      return (query as any).apply(this, args);
    });
    try {
      const products = app.get(ProductsService);
      const search = app.get(ProductSearchService);
      const list = (q: Record<string, unknown>) =>
        products.list({ sort: 'name-asc', limit: 24, page: 1, minRating: 0, ...q } as never);
      const first = await list({});
      await list({ cursor: first.nextCursor!, page: 2 });
      await list({ brand: 'ms', minPrice: 100, maxPrice: 500, sort: 'price-desc' });
      await list({ category: 'stationery', sort: 'newest', minRating: 3 });
      await list({ search: 'premium steel bottle', maxPrice: 900, sort: 'price-asc' });
      await list({ search: 'notebok', sort: 'newest' });
      await list({ search: 'premium' });
      await search.search('p');
      await search.search('premium steel bott');
      await search.search('lanyrd');
      await products.get(first.products[0]._id);
      await products.similar(first.products[0]._id, 8);
      await app.get(ProductSitemapService).page({ page: 2, limit: 200 });
    } finally {
      spy.mockRestore();
    }
    expect(sent.length).toBeGreaterThan(12);
    for (const { text, values } of sent) {
      const [{ 'QUERY PLAN': plan }] = await dataSource.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, values);
      expect({ text, jit: jitOf(plan) }).toEqual({ text, jit: undefined });
    }
    // The same statement through a connection with the server's defaults is compiled: the check above can fail.
    if (jitAvailable) {
      const plain = new Client({ connectionString: databaseUrl(serverUrl, database) });
      await plain.connect();
      const { rows } = await plain.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sent[0].text}`, sent[0].values);
      await plain.end();
      expect(jitOf(rows[0]['QUERY PLAN'])).toBeDefined();
    }
  });
});
