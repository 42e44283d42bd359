/** Text for a LIKE pattern, with its wildcards taken literally. */
export const likeText = (text: string) => text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

/** Postgres returns bigint sums as strings; the figures here stay far below 2^53. */
export const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

/** TypeORM answers an UPDATE or DELETE ... RETURNING on Postgres with `[rows, count]`; this gives the rows. */
export async function changedRows<T>(m: { query: (sql: string, params?: unknown[]) => Promise<unknown> }, sql: string, params: unknown[]): Promise<T[]> {
  const [rows] = (await m.query(sql, params)) as [T[], number];
  return rows;
}
