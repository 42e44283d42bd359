import type { DataSourceOptions } from 'typeorm';
import type { BaseConfig } from '../config/service-config';
import { KitOutboxTrace1796000000000 } from './kit-outbox-trace.migration';
import { KitRpcReplies1795000000000 } from './kit-rpc-replies.migration';
import { KitOutboxInbox1700000000000 } from './kit-tables.migration';
import { databaseUrl } from './ensure-database';

/** The kit's own tables, migrated before a service's: anything opening a service's database lists these first. */
export const KIT_MIGRATIONS = [KitOutboxInbox1700000000000, KitRpcReplies1795000000000, KitOutboxTrace1796000000000];

/** A pool's size when neither DATABASE_POOL_SIZE nor the service names one. */
export const DEFAULT_DATABASE_POOL_SIZE = 10;

export interface DatabaseOptions {
  /** PostgreSQL settings every connection of the pool starts with (its startup `options`), such as `{ jit: 'off' }`. */
  settings?: Record<string, string>;
  /** The pool's size unless DATABASE_POOL_SIZE sets it; DEFAULT_DATABASE_POOL_SIZE otherwise. */
  poolSize?: number;
}

export function typeormOptions(
  config: BaseConfig,
  entities: DataSourceOptions['entities'],
  migrations: DataSourceOptions['migrations'],
  { settings = {}, poolSize = DEFAULT_DATABASE_POOL_SIZE }: DatabaseOptions = {},
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
    extra: { max: config.DATABASE_POOL_SIZE ?? poolSize, ...(options ? { options } : {}) },
    logging: ['error'],
  };
}
