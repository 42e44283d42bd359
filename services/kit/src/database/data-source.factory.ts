import { Logger } from '@nestjs/common';
import { DataSource, DataSourceOptions } from 'typeorm';
import { ensureDatabase } from './ensure-database';

/**
 * Creates the database if missing, connects, and runs pending migrations under an advisory
 * lock, so replicas starting together migrate once.
 */
export async function createMigratedDataSource(
  serverUrl: string,
  database: string,
  options: DataSourceOptions,
): Promise<DataSource> {
  await ensureDatabase(serverUrl, database);
  const dataSource = await new DataSource({ ...options, migrationsRun: false }).initialize();
  const runner = dataSource.createQueryRunner();
  try {
    await runner.query(`SELECT pg_advisory_lock(hashtext('shop_migrations'))`);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    if (applied.length) new Logger('Migrations').log(`applied ${applied.map((m) => m.name).join(', ')}`);
  } finally {
    await runner.query(`SELECT pg_advisory_unlock(hashtext('shop_migrations'))`).catch(() => undefined);
    await runner.release();
  }
  return dataSource;
}
