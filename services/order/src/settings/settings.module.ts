import { Module } from '@nestjs/common';
import { SettingsEvents } from './settings.events';
import { SettingsService } from './settings.service';

@Module({
  providers: [SettingsService, SettingsEvents],
  exports: [SettingsService],
})
export class SettingsModule {}
