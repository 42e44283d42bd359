import { Module } from '@nestjs/common';
import { OrdersEvents } from './orders.events';
import { OrdersStore } from './orders.store';

@Module({
  providers: [OrdersStore, OrdersEvents],
  exports: [OrdersStore],
})
export class OrdersModule {}
