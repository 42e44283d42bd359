import type { EntityManager } from 'typeorm';

/**
 * Runs an UPDATE or DELETE with RETURNING and gives back the rows it touched (TypeORM answers those
 * commands with `[rows, count]`, unlike SELECT and INSERT).
 */
export async function changedRows<T = Record<string, unknown>>(
  m: EntityManager,
  sql: string,
  params: unknown[],
): Promise<T[]> {
  const [rows] = (await m.query(sql, params)) as [T[], number];
  return rows;
}

/** Text for a LIKE pattern, with its wildcards taken literally. */
export function likeText(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
