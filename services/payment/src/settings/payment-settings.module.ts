import { Module } from '@nestjs/common';
import { PaymentSettingsEvents } from './payment-settings.events';
import { PaymentSettingsService } from './payment-settings.service';

@Module({
  providers: [PaymentSettingsService, PaymentSettingsEvents],
  exports: [PaymentSettingsService],
})
export class PaymentSettingsModule {}
