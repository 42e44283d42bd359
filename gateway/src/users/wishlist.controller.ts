import { Body, Controller, Delete, Get, Param, Put, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { RpcCallOptions, RpcClient } from '@shop/kit';
import {
  RPC,
  UserView,
  WishlistInput,
  WishlistItemView,
  wishlistSchema,
  WishlistToggleReply,
} from '@shop/proto';
import { CustomerGuard } from '../auth/auth.guards';
import { Caller } from '../common/caller.decorator';
import { ZodBody } from '../common/zod-body.pipe';

@ApiTags('auth')
@ApiBearerAuth()
@UseGuards(CustomerGuard)
@Controller('api/auth/wishlist')
export class WishlistController {
  constructor(private readonly rpc: RpcClient) {}

  /** Toggles: `added` tells whether the product is now on the wishlist. */
  @Put()
  async toggle(@Body(new ZodBody(wishlistSchema)) body: WishlistInput, @Caller() caller: RpcCallOptions) {
    const reply = await this.rpc.call<WishlistToggleReply>(RPC.user.wishlistToggle, body, caller);
    return { success: true, ...reply };
  }

  @Delete(':id')
  async remove(@Param('id') productId: string, @Caller() caller: RpcCallOptions) {
    return {
      success: true,
      user: await this.rpc.call<UserView>(RPC.user.wishlistRemove, { productId }, caller),
    };
  }

  @Get()
  async list(@Caller() caller: RpcCallOptions) {
    const entries = await this.rpc.call<WishlistItemView[]>(RPC.user.wishlistGet, {}, caller);
    return { success: true, wishlist: entries };
  }
}
