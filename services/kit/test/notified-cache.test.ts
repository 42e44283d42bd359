import { Client } from 'pg';
import { randomBytes } from 'node:crypto';
import { databaseUrl, dropDatabase, ensureDatabase, NotifiedCache, notifyOnChangeSql } from '../src';

jest.setTimeout(30_000);

const database = `t_notified_${randomBytes(4).toString('hex')}`;
const url = () => databaseUrl(process.env.DATABASE_URL!, database);

async function eventually(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('a value cached until its table notifies a change', () => {
  let db: Client;
  let reads = 0;
  let cache: NotifiedCache<string | null>;
  const read = async () => {
    reads += 1;
    const { rows } = await db.query(`SELECT value FROM settings WHERE id = 1`);
    return (rows[0]?.value as string | undefined) ?? null;
  };

  beforeAll(async () => {
    await ensureDatabase(process.env.DATABASE_URL!, database);
    db = new Client({ connectionString: url() });
    await db.connect();
    await db.query(`CREATE TABLE settings (id int PRIMARY KEY, value text NOT NULL)`);
    for (const sql of notifyOnChangeSql('settings', 'settings_changed')) await db.query(sql);
    await db.query(`INSERT INTO settings VALUES (1, 'first')`);
    cache = new NotifiedCache(url(), 'settings_changed', read);
    await cache.start();
  });

  afterAll(async () => {
    await cache?.stop();
    await db?.end();
    await dropDatabase(process.env.DATABASE_URL!, database);
  });

  it('reads once while nothing changes', async () => {
    const before = reads;
    expect(await cache.get()).toBe('first');
    expect(await cache.get()).toBe('first');
    expect(reads - before).toBe(1);
  });

  it('answers the new value once a change commits', async () => {
    await db.query(`UPDATE settings SET value = 'second' WHERE id = 1`);
    await eventually(async () => (await cache.get()) === 'second');
  });

  it('reads at every call once it stops listening', async () => {
    await cache.stop();
    await db.query(`UPDATE settings SET value = 'third' WHERE id = 1`);
    const before = reads;
    expect(await cache.get()).toBe('third');
    expect(await cache.get()).toBe('third');
    expect(reads - before).toBe(2);
  });
});
