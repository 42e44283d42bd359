import { Global, Module } from '@nestjs/common';
import { DeactivatedUsers } from '../users/deactivated-users';
import { ProfileCache } from '../users/profile-cache';
import { EndedSessions } from '../users/ended-sessions';
import { SessionActivity } from '../users/session-activity';
import { GatewayEvents } from './gateway-events';
import { ShopSettingsState } from './shop-settings.state';

/**
 * What the gateway keeps of other services' state (settings, deactivated accounts, ended sessions,
 * profiles) and tells them of sessions in use, for its guards and routes; and its broker connection, which its readiness reports.
 */
@Global()
@Module({
  providers: [
    GatewayEvents,
    ShopSettingsState,
    DeactivatedUsers,
    EndedSessions,
    SessionActivity,
    {
      provide: ProfileCache,
      inject: [GatewayEvents],
      useFactory: (events: GatewayEvents) => new ProfileCache(events),
    },
  ],
  exports: [GatewayEvents, ShopSettingsState, DeactivatedUsers, EndedSessions, SessionActivity, ProfileCache],
})
export class ShopStateModule {}
