import { createMigratedDataSource, databaseUrl, KIT_MIGRATIONS, loadServiceConfig } from '@shop/kit';
import { DataSource } from 'typeorm';
import { CATALOG_ENTITIES, CATALOG_MIGRATIONS } from '../catalog-schema';
import { CatalogConfig, catalogEnvSchema } from '../config/catalog-config';

/** The catalog's configuration and migrated database, read from the same environment as the service. */
export async function openCatalogDatabase(
  env: Record<string, string | undefined> = process.env,
): Promise<{ config: CatalogConfig; dataSource: DataSource }> {
  const config = loadServiceConfig('catalog', env, catalogEnvSchema) as CatalogConfig;
  const dataSource = await createMigratedDataSource(config.DATABASE_URL, config.DATABASE_NAME, {
    type: 'postgres',
    url: databaseUrl(config.DATABASE_URL, config.DATABASE_NAME),
    entities: CATALOG_ENTITIES,
    migrations: [...KIT_MIGRATIONS, ...CATALOG_MIGRATIONS],
    synchronize: false,
    extra: { max: 4 },
    logging: ['error'],
  });
  return { config, dataSource };
}
