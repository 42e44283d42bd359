import { Module } from '@nestjs/common';
import { KitModule } from '@shop/kit';
import { CustomersModule } from './customers/customers.module';
import { DashboardModule } from './dashboard/dashboard.module';
import { ReportingSchema1740000000000 } from './migrations/1740000000000-reporting-schema';
import { CustomerFigures1740000000001 } from './migrations/1740000000001-customer-figures';
import { Refunds1782000000000 } from './migrations/1782000000000-refunds';
import { OrdersModule } from './orders/orders.module';
import { PaymentsModule } from './payments/payments.module';
import { ProductsModule } from './products/products.module';
import { RebuildModule } from './rebuild/rebuild.module';
import { ReportsModule } from './reports/reports.module';
import { ReviewsModule } from './reviews/reviews.module';
import { SettingsModule } from './settings/settings.module';

export const REPORTING_MIGRATIONS = [
  ReportingSchema1740000000000,
  CustomerFigures1740000000001,
  Refunds1782000000000,
];

@Module({
  imports: [
    KitModule.forService({ service: 'admin-reporting', entities: [], migrations: REPORTING_MIGRATIONS }),
    SettingsModule,
    CustomersModule,
    ProductsModule,
    ReviewsModule,
    OrdersModule,
    PaymentsModule,
    DashboardModule,
    ReportsModule,
    RebuildModule,
  ],
})
export class AppModule {}
