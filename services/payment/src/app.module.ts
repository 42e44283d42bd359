import { Module } from '@nestjs/common';
import { KitModule } from '@shop/kit';
import { paymentEnvSchema } from './config/payment-config';
import { PAYMENT_MIGRATIONS } from './migrations/payment-migrations';
import { OrderAmountEntity } from './order-amounts/order-amount.entity';
import { OrderAmountsModule } from './order-amounts/order-amounts.module';
import { PaymentEntity } from './payments/payment.entity';
import { PaymentsModule } from './payments/payments.module';
import { ProviderOrderEntity } from './payments/provider-order.entity';
import { SandboxOrderEntity } from './sandbox/sandbox-order.entity';
import { SandboxPaymentEntity } from './sandbox/sandbox-payment.entity';
import { SandboxRefundEntity } from './sandbox/sandbox-refund.entity';
import { SandboxModule } from './sandbox/sandbox.module';
import { PaymentSettingsEntity } from './settings/payment-settings.entity';
import { PaymentSettingsModule } from './settings/payment-settings.module';
import { WebhookEventEntity } from './webhooks/webhook-event.entity';
import { WebhooksModule } from './webhooks/webhooks.module';

@Module({
  imports: [
    KitModule.forService({
      service: 'payment',
      entities: [
        OrderAmountEntity,
        ProviderOrderEntity,
        PaymentEntity,
        WebhookEventEntity,
        PaymentSettingsEntity,
        SandboxOrderEntity,
        SandboxPaymentEntity,
        SandboxRefundEntity,
      ],
      migrations: PAYMENT_MIGRATIONS,
      envSchema: paymentEnvSchema,
    }),
    PaymentSettingsModule,
    OrderAmountsModule,
    PaymentsModule,
    WebhooksModule,
    SandboxModule,
  ],
})
export class AppModule {}
