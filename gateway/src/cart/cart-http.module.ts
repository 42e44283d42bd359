import { Module } from '@nestjs/common';
import { ArtworkController } from './artwork.controller';
import { ArtworkLinks } from './artwork-links';
import { CartController } from './cart.controller';
import { CartPromoController } from './cart-promo.controller';
import { CustomizationUploadsController } from './customization-uploads.controller';
import { GuestCartCookie } from './guest-cart-cookie';

/**
 * The cart's routes: `/api/cart`, its lines, the guest-cart merge, promo preview, customization
 * uploads and the artwork they store, shown through signed links (ArtworkLinks, which the order
 * routes use too).
 */
@Module({
  controllers: [CustomizationUploadsController, ArtworkController, CartPromoController, CartController],
  providers: [GuestCartCookie, ArtworkLinks],
  exports: [ArtworkLinks],
})
export class CartHttpModule {}
