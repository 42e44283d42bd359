import { Module } from '@nestjs/common';
import { ProductsModule } from '../products/products.module';
import { StockEvents } from './stock.events';
import { StockRpcController } from './stock.rpc-controller';
import { StockService } from './stock.service';

@Module({
  imports: [ProductsModule],
  controllers: [StockRpcController],
  providers: [StockService, StockEvents],
})
export class StockModule {}
