import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { RpcCallOptions, RpcClient } from '@shop/kit';
import {
  CartAddInput,
  cartAddSchema,
  CartMergeInput,
  CartMergeReply,
  CartMergeRpcInput,
  cartMergeSchema,
  CartQuantityInput,
  cartQuantitySchema,
  CartReply,
  CartView,
  RPC,
} from '@shop/proto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CustomerGuard } from '../auth/auth.guards';
import { Caller } from '../common/caller.decorator';
import { ZodBody } from '../common/zod-body.pipe';
import { ArtworkLinks } from './artwork-links';
import { GuestCartCookie } from './guest-cart-cookie';

/** The signed-in customer's cart (storefront spec, section 7); visitors keep theirs in the browser. */
@ApiTags('cart')
@ApiBearerAuth()
@UseGuards(CustomerGuard)
@Controller('api/cart')
export class CartController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly guestCart: GuestCartCookie,
    private readonly artwork: ArtworkLinks,
  ) {}

  @Get()
  async get(@Caller() caller: RpcCallOptions): Promise<CartReply> {
    return this.reply(this.rpc.call<CartView>(RPC.cart.get, {}, caller));
  }

  @Post()
  @HttpCode(200)
  async add(
    @Body(new ZodBody(cartAddSchema)) body: CartAddInput,
    @Caller() caller: RpcCallOptions,
  ): Promise<CartReply> {
    return this.reply(this.rpc.call<CartView>(RPC.cart.lineAdd, body, caller));
  }

  /**
   * The guest cart kept in the browser, merged in one call after login (or registration, or Google
   * sign-in). The files the visitor uploaded, held by the guest cart cookie, move to the customer
   * in the same transaction; the cookie is then done with.
   */
  @Post('merge')
  @HttpCode(200)
  async merge(
    @Body(new ZodBody(cartMergeSchema)) body: CartMergeInput,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Caller() caller: RpcCallOptions,
  ): Promise<CartMergeReply> {
    const guestCartId = this.guestCart.read(req);
    const merged = await this.rpc.call<Omit<CartMergeReply, 'success'>>(
      RPC.cart.merge,
      { ...body, guestCartId } satisfies CartMergeRpcInput,
      caller,
    );
    if (guestCartId) this.guestCart.clear(reply);
    return { success: true, ...merged, cart: this.artwork.cart(merged.cart) };
  }

  /** Zero or below removes the line. */
  @Put(':itemId')
  async setQuantity(
    @Param('itemId') itemId: string,
    @Body(new ZodBody(cartQuantitySchema)) body: CartQuantityInput,
    @Caller() caller: RpcCallOptions,
  ): Promise<CartReply> {
    return this.reply(
      this.rpc.call<CartView>(RPC.cart.lineUpdate, { itemId, quantity: body.quantity }, caller),
    );
  }

  @Delete(':itemId')
  async remove(@Param('itemId') itemId: string, @Caller() caller: RpcCallOptions): Promise<CartReply> {
    return this.reply(this.rpc.call<CartView>(RPC.cart.lineRemove, { itemId }, caller));
  }

  @Delete()
  async clear(@Caller() caller: RpcCallOptions): Promise<CartReply> {
    return this.reply(this.rpc.call<CartView>(RPC.cart.clear, {}, caller));
  }

  private async reply(cart: Promise<CartView>): Promise<CartReply> {
    return { success: true, cart: this.artwork.cart(await cart) };
  }
}
