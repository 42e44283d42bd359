import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { RpcClient } from '@shop/kit';
import { GoogleSignInState } from '../auth/google-sign-in-state';
import { GoogleStrategy } from '../auth/google.strategy';
import { CartHttpModule } from '../cart/cart-http.module';
import { GATEWAY_CONFIG, GatewayConfig, googleSignInConfigured } from '../config/gateway-config';
import { GoogleSignInController } from './google-sign-in.controller';
import { AddressesController } from './addresses.controller';
import { AdminAuthController } from './admin-auth.controller';
import { AuthController } from './auth.controller';
import { DeactivatedAccountGuard } from './deactivated-account.guard';
import { WishlistController } from './wishlist.controller';

/**
 * The customer account (`/api/auth/...`) and admin sign-in (`/api/admin2009/login|profile|logout`)
 * routes, and the refusal of deactivated accounts' tokens on every route.
 */
@Module({
  // For the artwork links of the recent orders /auth/stats lists.
  imports: [CartHttpModule],
  controllers: [
    AuthController,
    GoogleSignInController,
    AddressesController,
    WishlistController,
    AdminAuthController,
  ],
  providers: [
    { provide: APP_GUARD, useClass: DeactivatedAccountGuard },
    GoogleSignInState,
    {
      // Constructing the strategy registers it with passport, which needs Google's client id.
      provide: GoogleStrategy,
      inject: [GATEWAY_CONFIG, RpcClient, GoogleSignInState],
      useFactory: (config: GatewayConfig, rpc: RpcClient, state: GoogleSignInState) =>
        googleSignInConfigured(config) ? new GoogleStrategy(config, rpc, state) : null,
    },
  ],
})
export class UsersHttpModule {}
