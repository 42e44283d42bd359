import { CustomizationEntity } from './customizations/customization.entity';
import { CatalogSchema1720000000000 } from './migrations/1720000000000-catalog-schema';
import { CatalogShopSettings1742000000000 } from './migrations/1742000000000-catalog-shop-settings';
import { CatalogListingVersion1764000000000 } from './migrations/1764000000000-catalog-listing-version';
import { CatalogSearch1770000000000 } from './migrations/1770000000000-catalog-search';
import { CatalogCategorySorts1771000000000 } from './migrations/1771000000000-catalog-category-sorts';
import { ReviewRestore1788000000000 } from './migrations/1788000000000-review-restore';
import { ProductHsnCode1800000000000 } from './migrations/1800000000000-product-hsn-code';
import { ReorderRequests1801000000000 } from './migrations/1801000000000-reorder-requests';
import { ProductSitemap1802000000000 } from './migrations/1802000000000-product-sitemap';
import { ProductCustomizationEntity } from './products/product-customization.entity';
import { ProductEntity } from './products/product.entity';
import { ReorderRequestEntity } from './reorders/reorder-request.entity';
import { CustomerEntity } from './reviews/customer.entity';
import { ReviewEntity } from './reviews/review.entity';
import { ShopSettingsEntity } from './settings/shop-settings.entity';
import { StockReservationEntity } from './stock/stock-reservation.entity';

/** The catalog's tables and checked-in migrations, for the service and for the seed scripts. */
export const CATALOG_ENTITIES = [
  ProductEntity,
  ProductCustomizationEntity,
  CustomizationEntity,
  ReviewEntity,
  CustomerEntity,
  StockReservationEntity,
  ShopSettingsEntity,
  ReorderRequestEntity,
];
export const CATALOG_MIGRATIONS = [
  CatalogSchema1720000000000,
  CatalogShopSettings1742000000000,
  CatalogListingVersion1764000000000,
  CatalogSearch1770000000000,
  CatalogCategorySorts1771000000000,
  ReviewRestore1788000000000,
  ProductHsnCode1800000000000,
  ReorderRequests1801000000000,
  ProductSitemap1802000000000,
];
