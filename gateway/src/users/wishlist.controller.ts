import { Body, Controller, Delete, Get, Param, Put, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { RpcCallOptions, RpcClient } from '@shop/kit';
import {
  ProductView,
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
import { ProfileCache } from './profile-cache';

@ApiTags('auth')
@ApiBearerAuth()
@UseGuards(CustomerGuard)
@Controller('api/auth/wishlist')
export class WishlistController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly profiles: ProfileCache,
  ) {}

  /**
   * Toggles: `added` tells whether the product is now on the wishlist. The user service does not
   * know products, so the catalog is asked first: a product it does not have is a 404 (its
   * "The requested product could not be found."), never a wishlist entry.
   */
  @Put()
  async toggle(@Body(new ZodBody(wishlistSchema)) body: WishlistInput, @Caller() caller: RpcCallOptions) {
    await this.rpc.call<{ success: true; product: ProductView }>(
      RPC.catalog.productGet,
      { id: body.productId },
      caller,
    );
    // The profile (`GET /auth/me`) lists the wishlist.
    const reply = await this.profiles.changing(caller.actor!.userId, () =>
      this.rpc.call<WishlistToggleReply>(RPC.user.wishlistToggle, body, caller),
    );
    return { success: true, ...reply };
  }

  @Delete(':id')
  async remove(@Param('id') productId: string, @Caller() caller: RpcCallOptions) {
    return {
      success: true,
      user: await this.profiles.changing(caller.actor!.userId, () =>
        this.rpc.call<UserView>(RPC.user.wishlistRemove, { productId }, caller),
      ),
    };
  }

  @Get()
  async list(@Caller() caller: RpcCallOptions) {
    const entries = await this.rpc.call<WishlistItemView[]>(RPC.user.wishlistGet, {}, caller);
    return { success: true, wishlist: entries };
  }
}
