import { Module } from '@nestjs/common';
import { OrderAmountsModule } from '../order-amounts/order-amounts.module';
import { RazorpayModule } from '../razorpay/razorpay.module';
import { PaymentRefunds } from './payment-refunds.service';
import { PaymentsEvents } from './payments.events';
import { PaymentsRpcController } from './payments.rpc-controller';
import { PaymentsService } from './payments.service';
import { RefundSweeper } from './refund-sweeper';

@Module({
  imports: [OrderAmountsModule, RazorpayModule],
  controllers: [PaymentsRpcController],
  providers: [PaymentsService, PaymentsEvents, PaymentRefunds, RefundSweeper],
  exports: [PaymentsService, PaymentRefunds, RefundSweeper],
})
export class PaymentsModule {}
