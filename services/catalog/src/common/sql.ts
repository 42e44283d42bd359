import type { DataSource, EntityManager } from 'typeorm';

/**
 * Runs a statement with RETURNING and answers its rows. TypeORM answers UPDATE and DELETE as
 * `[rows, rowCount]` but INSERT and SELECT as the rows themselves; this evens that out.
 */
export async function returning<T = any>(
  db: EntityManager | DataSource,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const result = await db.query(sql, params);
  const isPair =
    Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number';
  return isPair ? result[0] : result;
}
