import { Module } from '@nestjs/common';
import { KitModule } from '@shop/kit';
import { CATALOG_ENTITIES, CATALOG_MIGRATIONS } from './catalog-schema';
import { catalogEnvSchema } from './config/catalog-config';
import { CustomizationsModule } from './customizations/customizations.module';
import { ImagesModule } from './images/images.module';
import { ProductsModule } from './products/products.module';
import { ReordersModule } from './reorders/reorders.module';
import { ReviewsModule } from './reviews/reviews.module';
import { StockModule } from './stock/stock.module';

@Module({
  imports: [
    KitModule.forService({
      service: 'catalog',
      entities: CATALOG_ENTITIES,
      migrations: CATALOG_MIGRATIONS,
      database: {
        // Every catalog query is a shopper waiting; PostgreSQL's JIT compiles a plan it costs above
        // jit_above_cost to machine code first, 200 ms and more against a few milliseconds of work
        // (issue 21: a search with a price filter, 0.4 ms to run, 217 ms to compile).
        settings: { jit: 'off' },
        // The catalog's reads are short statements that each keep a core busy: connections beyond
        // about two per database core add contention, not work (bench:catalog at 100k products on
        // a 2-core machine, 10 connections against 4: uncached list 1,045-1,084 req/s against
        // 1,288-1,306, product page 2,299-2,515 against 3,049-3,067). DATABASE_POOL_SIZE sets it
        // for a larger database server.
        poolSize: 4,
      },
      envSchema: catalogEnvSchema,
    }),
    ProductsModule,
    CustomizationsModule,
    ReviewsModule,
    StockModule,
    ImagesModule,
    ReordersModule,
  ],
})
export class AppModule {}
