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
