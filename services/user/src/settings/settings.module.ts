import { Module } from '@nestjs/common';
import { SettingsCatchUp } from './settings-catch-up';
import { SettingsEvents } from './settings.events';
import { SettingsService } from './settings.service';

@Module({
  providers: [SettingsService, SettingsEvents, SettingsCatchUp],
  exports: [SettingsService],
})
export class SettingsModule {}
