import { Module } from '@nestjs/common';
import { PaymentsModule } from '../payments/payments.module';
import { RazorpayModule } from '../razorpay/razorpay.module';
import { WebhooksRpcController } from './webhooks.rpc-controller';
import { WebhooksService } from './webhooks.service';

@Module({
  imports: [PaymentsModule, RazorpayModule],
  controllers: [WebhooksRpcController],
  providers: [WebhooksService],
})
export class WebhooksModule {}
