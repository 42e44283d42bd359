import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

interface Pool {
  query<T>(statement: { name: string; text: string; values: unknown[] }): Promise<{ rows: T[] }>;
}

/**
 * Runs a statement that each connection of the pool prepares once, under `name` (node-postgres'
 * named statements), instead of parsing and planning it on every call. For a hot statement whose
 * plan does not depend on its values, such as a lookup by primary key: planning the product page's
 * statement cost PostgreSQL twice what running it did (issue 21). PostgreSQL still decides between
 * a plan for the values and a generic one. Not for a statement whose best plan depends on its
 * values (a search text, how many products a filter keeps).
 */
export async function preparedQuery<T>(
  dataSource: DataSource,
  name: string,
  text: string,
  values: unknown[],
): Promise<T[]> {
  const pool = (dataSource.driver as PostgresDriver).master as Pool;
  return (await pool.query<T>({ name, text, values })).rows;
}
