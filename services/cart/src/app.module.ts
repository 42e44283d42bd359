import { Module } from '@nestjs/common';
import { KitModule } from '@shop/kit';
import { CartLineEntity } from './cart/cart-line.entity';
import { CartModule } from './cart/cart.module';
import { cartEnvSchema } from './config/cart-config';
import { CartSchema1722000000000 } from './migrations/1722000000000-cart-schema';
import { GuestUploads1784000000000 } from './migrations/1784000000000-guest-uploads';
import { CartProductEntity } from './products/cart-product.entity';
import { ProductsModule } from './products/products.module';
import { SettingsModule } from './settings/settings.module';
import { ShippingSettingsEntity } from './settings/shipping-settings.entity';
import { CustomizationUploadEntity } from './uploads/customization-upload.entity';
import { UploadsModule } from './uploads/uploads.module';

@Module({
  imports: [
    KitModule.forService({
      service: 'cart',
      entities: [CartLineEntity, CartProductEntity, CustomizationUploadEntity, ShippingSettingsEntity],
      migrations: [CartSchema1722000000000, GuestUploads1784000000000],
      envSchema: cartEnvSchema,
    }),
    ProductsModule,
    SettingsModule,
    UploadsModule,
    CartModule,
  ],
})
export class AppModule {}
