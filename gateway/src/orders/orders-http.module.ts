import { Module } from '@nestjs/common';
import { AdminOrdersController } from './admin-orders.controller';
import { OrdersController } from './orders.controller';

/** `/api/orders/...` for customers and `/api/admin2009/orders/...` for staff. */
@Module({ controllers: [OrdersController, AdminOrdersController] })
export class OrdersHttpModule {}
