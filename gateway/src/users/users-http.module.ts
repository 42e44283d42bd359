import { Inject, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config';
import { AddressesController } from './addresses.controller';
import { AdminAuthController } from './admin-auth.controller';
import { AuthController } from './auth.controller';
import { DeactivatedAccountGuard } from './deactivated-account.guard';
import { configureSignInThrottle } from './sign-in-throttle';
import { WishlistController } from './wishlist.controller';

/**
 * The customer account (`/api/auth/...`) and admin sign-in (`/api/admin2009/login|profile|logout`)
 * routes, and the refusal of deactivated accounts' tokens on every route.
 */
@Module({
  controllers: [AuthController, AddressesController, WishlistController, AdminAuthController],
  providers: [{ provide: APP_GUARD, useClass: DeactivatedAccountGuard }],
})
export class UsersHttpModule {
  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    configureSignInThrottle(config);
  }
}
