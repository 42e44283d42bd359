import { Module } from '@nestjs/common';
import { CartController } from './cart.controller';
import { CartPromoController } from './cart-promo.controller';
import { CustomizationUploadsController } from './customization-uploads.controller';
import { GuestCartCookie } from './guest-cart-cookie';

/** The cart's routes: `/api/cart`, its lines, the guest-cart merge, promo preview and customization uploads. */
@Module({
  controllers: [CustomizationUploadsController, CartPromoController, CartController],
  providers: [GuestCartCookie],
})
export class CartHttpModule {}
