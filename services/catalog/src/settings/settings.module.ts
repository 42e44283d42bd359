import { Module } from '@nestjs/common';
import { SettingsReplicaModule } from '@shop/kit';
import { SettingsService } from './settings.service';

@Module({
  imports: [
    SettingsReplicaModule.forRow({
      table: 'shop_settings',
      asOfColumn: 'occurred_at',
      columns: (s) => ({
        low_stock_threshold: s.lowStockThreshold,
        auto_reorder_enabled: s.autoReorderEnabled,
        auto_reorder_quantity: s.autoReorderQuantity,
      }),
    }),
  ],
  providers: [SettingsService],
  exports: [SettingsService],
})
export class SettingsModule {}
