import { Module } from '@nestjs/common';
import { SettingsReplicaModule } from '@shop/kit';
import { toPaise } from '@shop/proto';
import { ShippingSettingsService } from './shipping-settings.service';

/** The cart keeps the shipping part of the shop's settings. */
@Module({
  imports: [
    SettingsReplicaModule.forRow({
      table: 'shipping_settings',
      asOfColumn: 'settings_at',
      columns: (s) => ({
        free_shipping_threshold_paise: toPaise(s.freeShippingThreshold),
        standard_shipping_paise: toPaise(s.standardShippingCost),
      }),
    }),
  ],
  providers: [ShippingSettingsService],
  exports: [ShippingSettingsService],
})
export class SettingsModule {}
