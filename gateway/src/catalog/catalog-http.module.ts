import { Module } from '@nestjs/common';
import { AdminProductsController } from './admin-products.controller';
import { AdminReordersController } from './admin-reorders.controller';
import { CatalogChanges } from './catalog-changes';
import { CatalogReplyCache } from './catalog-reply-cache';
import { CustomizationsController } from './customizations.controller';
import { ImagesController } from './images.controller';
import { ProductsController } from './products.controller';
import { ReviewsController } from './reviews.controller';

/** The catalog's routes: products, search, the customization library, reviews, product images and reorders. */
@Module({
  controllers: [
    ProductsController,
    AdminProductsController,
    AdminReordersController,
    CustomizationsController,
    ReviewsController,
    ImagesController,
  ],
  providers: [CatalogReplyCache, CatalogChanges],
  exports: [CatalogReplyCache],
})
export class CatalogHttpModule {}
