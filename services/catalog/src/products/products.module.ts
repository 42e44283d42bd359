import { Module } from '@nestjs/common';
import { ReorderRequestsRepository } from '../reorders/reorder-requests.repository';
import { SettingsModule } from '../settings/settings.module';
import { LowStockNotifier } from '../stock/low-stock.notifier';
import { ListTotals } from './list-totals';
import { PriceQuoteService } from './price-quote.service';
import { ProductSearchService } from './product-search.service';
import { ProductSitemapService } from './product-sitemap.service';
import { ProductsRepository } from './products.repository';
import { ReadCache } from './read-cache';
import { ProductsRpcController } from './products.rpc-controller';
import { ProductsService } from './products.service';

@Module({
  imports: [SettingsModule],
  controllers: [ProductsRpcController],
  providers: [
    ProductsRepository,
    ProductsService,
    ReadCache,
    ListTotals,
    ProductSearchService,
    ProductSitemapService,
    PriceQuoteService,
    LowStockNotifier,
    ReorderRequestsRepository,
  ],
  exports: [ProductsRepository, ProductsService, LowStockNotifier, ReadCache, ReorderRequestsRepository],
})
export class ProductsModule {}
