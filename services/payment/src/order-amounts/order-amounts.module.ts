import { Module } from '@nestjs/common';
import { OrderAmountsEvents } from './order-amounts.events';
import { OrderAmountsService } from './order-amounts.service';

@Module({
  providers: [OrderAmountsService, OrderAmountsEvents],
  exports: [OrderAmountsService],
})
export class OrderAmountsModule {}
