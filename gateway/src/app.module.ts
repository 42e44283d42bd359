import { Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { ThrottlerModule } from '@nestjs/throttler';
import { RpcClient, TracingFlush } from '@shop/kit';
import { AdminJwtStrategy, CustomerJwtStrategy } from './auth/jwt.strategies';
import { BoundedBodyPipe } from './common/bounded-body.pipe';
import { CountedThrottlerGuard } from './common/counted-throttler.guard';
import { HttpErrorFilter } from './common/http-error.filter';
import { ThrottleCounters } from './common/throttle-counters';
import { GATEWAY_CONFIG, GatewayConfig } from './config/gateway-config';
import { HealthController } from './health/health.controller';
import { OrdersHttpModule } from './orders/orders-http.module';
import { PaymentsHttpModule } from './payments/payments-http.module';
import { BackOfficeHttpModule } from './back-office/back-office-http.module';
import { CartHttpModule } from './cart/cart-http.module';
import { CatalogHttpModule } from './catalog/catalog-http.module';
import { gatewayThrottlers } from './users/sign-in-throttle';
import { UsersHttpModule } from './users/users-http.module';
import { StorefrontPageCache } from './web-apps/storefront-page-cache';
import { createWebAppsController } from './web-apps/web-apps';

/** The shared pieces every route module of the gateway uses. */
@Module({})
export class GatewayCoreModule {
  static forConfig(config: GatewayConfig) {
    return {
      module: GatewayCoreModule,
      global: true,
      imports: [PassportModule],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        { provide: RpcClient, useFactory: () => new RpcClient(config) },
        CustomerJwtStrategy,
        AdminJwtStrategy,
        TracingFlush,
      ],
      exports: [GATEWAY_CONFIG, RpcClient],
    };
  }
}

export function createAppModule(config: GatewayConfig) {
  const webApps = createWebAppsController(config);
  @Module({
    imports: [
      GatewayCoreModule.forConfig(config),
      ThrottlerModule.forRoot({ ...gatewayThrottlers(config), storage: new ThrottleCounters() }),
      UsersHttpModule,
      CatalogHttpModule,
      CartHttpModule,
      OrdersHttpModule,
      PaymentsHttpModule,
      BackOfficeHttpModule,
    ],
    // The web apps' page fallback is last, so every API route is matched before it.
    controllers: [HealthController, ...(webApps ? [webApps] : [])],
    providers: [
      { provide: APP_GUARD, useClass: CountedThrottlerGuard },
      { provide: APP_FILTER, useClass: HttpErrorFilter },
      { provide: APP_PIPE, useClass: BoundedBodyPipe },
      StorefrontPageCache,
    ],
  })
  class AppModule {}
  return AppModule;
}
