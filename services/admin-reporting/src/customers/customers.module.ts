import { Module } from '@nestjs/common';
import { CustomersEvents } from './customers.events';
import { CustomersRpcController } from './customers.rpc-controller';
import { CustomersService } from './customers.service';

@Module({
  controllers: [CustomersRpcController],
  providers: [CustomersService, CustomersEvents],
})
export class CustomersModule {}
