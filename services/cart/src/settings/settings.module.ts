import { Module } from '@nestjs/common';
import { SettingsEvents } from './settings.events';
import { ShippingSettingsService } from './shipping-settings.service';

@Module({ providers: [SettingsEvents, ShippingSettingsService], exports: [ShippingSettingsService] })
export class SettingsModule {}
