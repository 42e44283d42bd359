import { Module } from '@nestjs/common';
import { KitModule } from '@shop/kit';
import { orderEnvSchema } from './config/order-config';
import { CouponRedemptionEntity } from './coupons/coupon-redemption.entity';
import { CouponEntity } from './coupons/coupon.entity';
import { CouponsModule } from './coupons/coupons.module';
import { CustomerEntity } from './customers/customer.entity';
import { CustomersModule } from './customers/customers.module';
import { DocumentSeriesEntity } from './invoices/document-series.entity';
import { InvoicesModule } from './invoices/invoices.module';
import { OrderDocumentEntity } from './invoices/order-document.entity';
import { OrderSchema1730000000000 } from './migrations/1730000000000-order-schema';
import { OrderRefunds1781000000000 } from './migrations/1781000000000-order-refunds';
import { OrderRefundStates1782000000000 } from './migrations/1782000000000-refund-states';
import { OrderFileLinks1783000000000 } from './migrations/1783000000000-order-file-links';
import { OrderSettingsNotify1797000000000 } from './migrations/1797000000000-settings-notify';
import { OrderShippingBuyer1800000000000 } from './migrations/1800000000000-order-shipping-buyer';
import { OrderInvoices1801000000000 } from './migrations/1801000000000-invoices';
import { OrderCashOnDelivery1802000000000 } from './migrations/1802000000000-cash-on-delivery';
import { CustomerEmailVerified1803000000000 } from './migrations/1803000000000-customer-email-verified';
import { IdempotencyKeyEntity } from './orders/idempotency-key.entity';
import { OrderLineEntity } from './orders/order-line.entity';
import { OrderRefundEntity } from './orders/order-refund.entity';
import { OrderStatusHistoryEntity } from './orders/order-status-history.entity';
import { OrderEntity } from './orders/order.entity';
import { OrdersModule } from './orders/orders.module';
import { ShopSettingsEntity } from './settings/shop-settings.entity';
import { SettingsModule } from './settings/settings.module';

export const ORDER_ENTITIES = [
  OrderEntity,
  OrderLineEntity,
  OrderStatusHistoryEntity,
  OrderRefundEntity,
  IdempotencyKeyEntity,
  CouponEntity,
  CouponRedemptionEntity,
  CustomerEntity,
  ShopSettingsEntity,
  OrderDocumentEntity,
  DocumentSeriesEntity,
];

@Module({
  imports: [
    KitModule.forService({
      service: 'order',
      entities: ORDER_ENTITIES,
      migrations: [
        OrderSchema1730000000000,
        OrderRefunds1781000000000,
        OrderRefundStates1782000000000,
        OrderFileLinks1783000000000,
        OrderSettingsNotify1797000000000,
        OrderShippingBuyer1800000000000,
        OrderInvoices1801000000000,
        OrderCashOnDelivery1802000000000,
        CustomerEmailVerified1803000000000,
      ],
      envSchema: orderEnvSchema,
    }),
    OrdersModule,
    CouponsModule,
    SettingsModule,
    CustomersModule,
    InvoicesModule,
  ],
})
export class AppModule {}
