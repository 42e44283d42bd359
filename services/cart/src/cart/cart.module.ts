import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings/settings.module';
import { UploadsModule } from '../uploads/uploads.module';
import { CartEvents } from './cart.events';
import { CartRpcController } from './cart.rpc-controller';
import { CartService } from './cart.service';

@Module({
  imports: [SettingsModule, UploadsModule],
  controllers: [CartRpcController],
  providers: [CartService, CartEvents],
})
export class CartModule {}
