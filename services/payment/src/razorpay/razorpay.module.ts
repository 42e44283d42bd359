import { Module } from '@nestjs/common';
import { SandboxProviderModule } from '../sandbox/sandbox-provider.module';
import { PaymentSettingsModule } from '../settings/payment-settings.module';
import { PaymentModeService } from './payment-mode.service';
import { RazorpayClient } from './razorpay-client.service';

@Module({
  imports: [PaymentSettingsModule, SandboxProviderModule],
  providers: [PaymentModeService, RazorpayClient],
  exports: [PaymentModeService, RazorpayClient],
})
export class RazorpayModule {}
