import { Module } from '@nestjs/common';
import { PaymentSandboxController } from './payment-sandbox.controller';
import { PaymentWebhookController } from './payment-webhook.controller';
import { PaymentsController } from './payments.controller';

/** `/api/payments/...`: create-order, verify, config, Razorpay's webhook and the sandbox's Checkout. */
@Module({
  controllers: [PaymentsController, PaymentWebhookController, PaymentSandboxController],
})
export class PaymentsHttpModule {}
