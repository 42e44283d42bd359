import { Module } from '@nestjs/common';
import { CouponsModule } from '../coupons/coupons.module';
import { CustomersModule } from '../customers/customers.module';
import { InvoicesModule } from '../invoices/invoices.module';
import { SettingsModule } from '../settings/settings.module';
import { AdminOrdersRpcController } from './admin-orders.rpc-controller';
import { AdminOrdersService } from './admin-orders.service';
import { CheckoutFiles } from './checkout-files';
import { CheckoutPricing } from './checkout-pricing';
import { OrderLifecycle } from './order-lifecycle';
import { OrderPaymentsEvents } from './order-payments.events';
import { OrderReservations } from './order-reservations';
import { OrderSweeper } from './order-sweeper';
import { OrderViews } from './order-views';
import { OrdersRpcController } from './orders.rpc-controller';
import { OrdersService } from './orders.service';

@Module({
  imports: [CouponsModule, SettingsModule, CustomersModule, InvoicesModule],
  controllers: [OrdersRpcController, AdminOrdersRpcController],
  providers: [
    OrdersService,
    AdminOrdersService,
    CheckoutPricing,
    CheckoutFiles,
    OrderReservations,
    OrderLifecycle,
    OrderViews,
    OrderSweeper,
    OrderPaymentsEvents,
  ],
})
export class OrdersModule {}
