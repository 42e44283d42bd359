import { Client } from 'pg';

export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Creates the service's database on first start. Concurrent starts race safely. */
export async function ensureDatabase(serverUrl: string, database: string): Promise<void> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (rowCount) return;
    await client.query(`CREATE DATABASE "${database}"`).catch((err: { code?: string }) => {
      // 42P04 duplicate_database, 23505 when two starts race on the catalog row
      if (err.code !== '42P04' && err.code !== '23505') throw err;
    });
  } finally {
    await client.end();
  }
}

export async function dropDatabase(serverUrl: string, database: string): Promise<void> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
