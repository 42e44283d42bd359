import { Module } from '@nestjs/common';
import { SettingsReplicaModule } from '@shop/kit';
import { PaymentSettingsService } from './payment-settings.service';

/** The payment service keeps the payment part of the shop's settings. */
@Module({
  imports: [
    SettingsReplicaModule.forRow({
      table: 'payment_settings',
      asOfColumn: 'as_of',
      columns: (s) => ({ razorpay_key_id: (s.razorpayKeyId ?? '').trim(), payment_gateway_live: Boolean(s.paymentGatewayLive) }),
    }),
  ],
  providers: [PaymentSettingsService],
  exports: [PaymentSettingsService],
})
export class PaymentSettingsModule {}
