import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings/settings.module';
import { CustomerVerificationService } from './customer-verification.service';
import { CustomersEvents } from './customers.events';

@Module({
  imports: [SettingsModule],
  providers: [CustomersEvents, CustomerVerificationService],
  exports: [CustomerVerificationService],
})
export class CustomersModule {}
