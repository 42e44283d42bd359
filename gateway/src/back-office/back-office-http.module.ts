import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { CustomersController } from './customers.controller';
import { DashboardController } from './dashboard.controller';
import { MaintenanceGuard } from './maintenance.guard';
import { PublicSettingsController } from './public-settings.controller';
import { ReadModelsController } from './read-models.controller';
import { ReportsController } from './reports.controller';
import { SettingsController } from './settings.controller';
import { ShopStateModule } from './shop-state.module';

/**
 * The back office's dashboard, customers, reports, settings and read-model routes
 * (`/api/admin2009/...`), the storefront's public settings, and maintenance mode for the whole
 * store API.
 */
@Module({
  imports: [ShopStateModule],
  controllers: [
    DashboardController,
    CustomersController,
    ReportsController,
    SettingsController,
    PublicSettingsController,
    ReadModelsController,
  ],
  providers: [{ provide: APP_GUARD, useClass: MaintenanceGuard }],
})
export class BackOfficeHttpModule {}
