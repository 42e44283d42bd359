import { Module } from '@nestjs/common';
import { CouponsRpcController } from './coupons.rpc-controller';
import { CouponsService } from './coupons.service';

@Module({
  controllers: [CouponsRpcController],
  providers: [CouponsService],
  exports: [CouponsService],
})
export class CouponsModule {}
