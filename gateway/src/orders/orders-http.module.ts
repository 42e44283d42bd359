import { Module } from '@nestjs/common';
import { CatalogHttpModule } from '../catalog/catalog-http.module';
import { AdminOrdersController } from './admin-orders.controller';
import { OrdersController } from './orders.controller';

/** `/api/orders/...` for customers and `/api/admin2009/orders/...` for staff. */
@Module({ imports: [CatalogHttpModule], controllers: [OrdersController, AdminOrdersController] })
export class OrdersHttpModule {}
