import { Module } from '@nestjs/common';
import { CartHttpModule } from '../cart/cart-http.module';
import { CatalogHttpModule } from '../catalog/catalog-http.module';
import { AdminOrdersController } from './admin-orders.controller';
import { OrdersController } from './orders.controller';

/** `/api/orders/...` for customers and `/api/admin2009/orders/...` for staff; their artwork links are signed (CartHttpModule). */
@Module({
  imports: [CatalogHttpModule, CartHttpModule],
  controllers: [OrdersController, AdminOrdersController],
})
export class OrdersHttpModule {}
