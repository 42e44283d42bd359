import { Global, Module } from '@nestjs/common';
import { DeactivatedUsers } from '../users/deactivated-users';
import { SessionVersions } from '../users/session-versions';
import { GatewayEvents } from './gateway-events';
import { ShopSettingsState } from './shop-settings.state';

/**
 * What the gateway keeps of other services' state (settings, deactivated accounts, token versions),
 * for its guards; and its broker connection, which its readiness reports.
 */
@Global()
@Module({
  providers: [GatewayEvents, ShopSettingsState, DeactivatedUsers, SessionVersions],
  exports: [GatewayEvents, ShopSettingsState, DeactivatedUsers, SessionVersions],
})
export class ShopStateModule {}
