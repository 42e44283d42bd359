import { Module } from '@nestjs/common';
import { OrderAmountsModule } from '../order-amounts/order-amounts.module';
import { RazorpayModule } from '../razorpay/razorpay.module';
import { PaymentsRpcController } from './payments.rpc-controller';
import { PaymentsService } from './payments.service';

@Module({
  imports: [OrderAmountsModule, RazorpayModule],
  controllers: [PaymentsRpcController],
  providers: [PaymentsService],
  exports: [PaymentsService],
})
export class PaymentsModule {}
