import { Module } from '@nestjs/common';
import { SettingsRpcController } from './settings.rpc-controller';
import { SettingsService } from './settings.service';

@Module({
  controllers: [SettingsRpcController],
  providers: [SettingsService],
})
export class SettingsModule {}
