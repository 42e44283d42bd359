import { Module } from '@nestjs/common';
import { KitModule } from '@shop/kit';
import { CATALOG_ENTITIES, CATALOG_MIGRATIONS } from './catalog-schema';
import { catalogEnvSchema } from './config/catalog-config';
import { CustomizationsModule } from './customizations/customizations.module';
import { ImagesModule } from './images/images.module';
import { ProductsModule } from './products/products.module';
import { ReviewsModule } from './reviews/reviews.module';
import { StockModule } from './stock/stock.module';

@Module({
  imports: [
    KitModule.forService({
      service: 'catalog',
      entities: CATALOG_ENTITIES,
      migrations: CATALOG_MIGRATIONS,
      // Every catalog query is a shopper waiting; PostgreSQL's JIT compiles a plan it costs above
      // jit_above_cost to machine code first, 200 ms and more against a few milliseconds of work
      // (issue 21: a search with a price filter, 0.4 ms to run, 217 ms to compile).
      databaseSettings: { jit: 'off' },
      envSchema: catalogEnvSchema,
    }),
    ProductsModule,
    CustomizationsModule,
    ReviewsModule,
    StockModule,
    ImagesModule,
  ],
})
export class AppModule {}
