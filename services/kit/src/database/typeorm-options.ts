import type { DataSourceOptions } from 'typeorm';
import type { BaseConfig } from '../config/service-config';
import { KitOutboxTrace1796000000000 } from './kit-outbox-trace.migration';
import { KitRpcReplies1795000000000 } from './kit-rpc-replies.migration';
import { KitOutboxInbox1700000000000 } from './kit-tables.migration';
import { databaseUrl } from './ensure-database';

/** The kit's own tables, migrated before a service's: anything opening a service's database lists these first. */
export const KIT_MIGRATIONS = [KitOutboxInbox1700000000000, KitRpcReplies1795000000000, KitOutboxTrace1796000000000];

/**
 * `settings` are PostgreSQL settings every connection of the pool starts with (its startup
 * `options`), such as `{ jit: 'off' }`.
 */
export function typeormOptions(
  config: BaseConfig,
  entities: DataSourceOptions['entities'],
  migrations: DataSourceOptions['migrations'],
  settings: Record<string, string> = {},
): DataSourceOptions {
  const options = Object.entries(settings)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');
  return {
    type: 'postgres',
    url: databaseUrl(config.DATABASE_URL, config.DATABASE_NAME),
    entities,
    migrations: [...KIT_MIGRATIONS, ...(Array.isArray(migrations) ? migrations : [])],
    synchronize: false,
    extra: { max: config.DATABASE_POOL_SIZE, ...(options ? { options } : {}) },
    logging: ['error'],
  };
}
