import { Module } from '@nestjs/common';
import { CartController } from './cart.controller';
import { CustomizationUploadsController } from './customization-uploads.controller';

/** The cart's routes: `/api/cart`, its lines, the guest-cart merge, promo preview and customization uploads. */
@Module({ controllers: [CustomizationUploadsController, CartController] })
export class CartHttpModule {}
