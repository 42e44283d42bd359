import { Global, Module } from '@nestjs/common';
import { DeactivatedUsers } from '../users/deactivated-users';
import { ProfileCache } from '../users/profile-cache';
import { SessionVersions } from '../users/session-versions';
import { GatewayEvents } from './gateway-events';
import { ShopSettingsState } from './shop-settings.state';

/**
 * What the gateway keeps of other services' state (settings, deactivated accounts, token versions,
 * profiles), for its guards and routes; and its broker connection, which its readiness reports.
 */
@Global()
@Module({
  providers: [
    GatewayEvents,
    ShopSettingsState,
    DeactivatedUsers,
    SessionVersions,
    {
      provide: ProfileCache,
      inject: [GatewayEvents],
      useFactory: (events: GatewayEvents) => new ProfileCache(events),
    },
  ],
  exports: [GatewayEvents, ShopSettingsState, DeactivatedUsers, SessionVersions, ProfileCache],
})
export class ShopStateModule {}
