import type { EntityManager } from 'typeorm';

/**
 * Makes the rest of the caller's transaction answer text matches from the GIN indexes. Without it
 * the planner, misjudging how common a word is, may walk a whole table or another index under a
 * LIMIT: fast for a common word, tens of milliseconds for a rare one. A bitmap scan costs little
 * for both.
 */
export async function useTextIndexes(manager: EntityManager): Promise<void> {
  await manager.query('SET LOCAL enable_seqscan = off; SET LOCAL enable_indexscan = off');
}
