import { Global, Module } from '@nestjs/common';
import { DeactivatedUsers } from '../users/deactivated-users';
import { GatewayEvents } from './gateway-events';
import { ShopSettingsState } from './shop-settings.state';

/** What the gateway keeps of other services' state (settings, deactivated accounts), for its guards. */
@Global()
@Module({
  providers: [GatewayEvents, ShopSettingsState, DeactivatedUsers],
  exports: [ShopSettingsState, DeactivatedUsers],
})
export class ShopStateModule {}
