import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { DbPoolReading, OutboxReading, ShopMetrics } from './shop-metrics';

/** A scrape counts at most this many outbox rows: enough to tell "stuck" apart from "a lot". */
const OUTBOX_COUNT_CAP = 1_000_000;

/**
 * Feeds a service's outbox and pool gauges from its data source, read at each scrape: the outbox by
 * one bounded query (the oldest row by the primary key), the pool from pg's own counters.
 */
export function measureServiceDatabase(metrics: ShopMetrics, dataSource: DataSource): void {
  metrics.outboxFrom(async (): Promise<OutboxReading | undefined> => {
    if (!dataSource.isInitialized) return undefined;
    const [row]: { depth: number; age: number }[] = await dataSource.query(
      `SELECT (SELECT count(*) FROM (SELECT 1 FROM outbox LIMIT $1) capped)::int AS depth,
              COALESCE(EXTRACT(EPOCH FROM now() - (SELECT occurred_at FROM outbox ORDER BY seq LIMIT 1)), 0)::float8 AS age`,
      [OUTBOX_COUNT_CAP],
    );
    return { depth: row.depth, oldestAgeSeconds: Math.max(0, row.age) };
  });
  metrics.dbPoolFrom((): DbPoolReading | undefined => {
    const pool = (dataSource.driver as PostgresDriver).master as
      { totalCount: number; idleCount: number; waitingCount: number } | undefined;
    return pool && { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
  });
}
