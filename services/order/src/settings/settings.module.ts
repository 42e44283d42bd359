import { Module } from '@nestjs/common';
import { SettingsReplicaModule } from '@shop/kit';
import { SettingsService } from './settings.service';

@Module({
  imports: [
    SettingsReplicaModule.forRow({
      table: 'shop_settings',
      asOfColumn: 'occurred_at',
      columns: (s) => ({ data: JSON.stringify(s) }),
    }),
  ],
  providers: [SettingsService],
  exports: [SettingsService],
})
export class SettingsModule {}
