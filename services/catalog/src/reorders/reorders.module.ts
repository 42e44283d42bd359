import { Module } from '@nestjs/common';
import { ProductsModule } from '../products/products.module';
import { ReordersRpcController } from './reorders.rpc-controller';
import { ReordersService } from './reorders.service';

@Module({
  imports: [ProductsModule],
  controllers: [ReordersRpcController],
  providers: [ReordersService],
})
export class ReordersModule {}
