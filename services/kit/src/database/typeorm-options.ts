import type { DataSourceOptions } from 'typeorm';
import type { BaseConfig } from '../config/service-config';
import { KitRpcReplies1795000000000 } from './kit-rpc-replies.migration';
import { KitOutboxInbox1700000000000 } from './kit-tables.migration';
import { databaseUrl } from './ensure-database';

export function typeormOptions(
  config: BaseConfig,
  entities: DataSourceOptions['entities'],
  migrations: DataSourceOptions['migrations'],
): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl(config.DATABASE_URL, config.DATABASE_NAME),
    entities,
    migrations: [KitOutboxInbox1700000000000, KitRpcReplies1795000000000, ...(Array.isArray(migrations) ? migrations : [])],
    synchronize: false,
    extra: { max: config.DATABASE_POOL_SIZE },
    logging: ['error'],
  };
}
