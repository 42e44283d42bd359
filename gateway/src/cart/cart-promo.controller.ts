import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { RpcCallOptions, RpcClient } from '@shop/kit';
import { CartPromoInput, CartPromoReply, cartPromoSchema, RPC } from '@shop/proto';
import { OptionalCustomerGuard } from '../auth/auth.guards';
import { Caller } from '../common/caller.decorator';
import { ZodBody } from '../common/zod-body.pipe';

/**
 * What a promo code (SAVE10, BULK20) takes off a cart now, for a customer (their server cart) and
 * for a visitor (the guest cart sent in the body), so a shopper can try a code before signing in.
 * Checkout applies the code itself when the order is placed.
 */
@ApiTags('cart')
@ApiBearerAuth()
@UseGuards(OptionalCustomerGuard)
@Controller('api/cart/promo')
export class CartPromoController {
  constructor(private readonly rpc: RpcClient) {}

  @Post()
  @HttpCode(200)
  async promo(
    @Body(new ZodBody(cartPromoSchema)) body: CartPromoInput,
    @Caller() caller: RpcCallOptions,
  ): Promise<CartPromoReply> {
    const preview = await this.rpc.call<Omit<CartPromoReply, 'success'>>(RPC.cart.promoPreview, body, caller);
    return { success: true, ...preview };
  }
}
