import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { parseInput } from '@shop/kit';
import { RPC, RpcEnvelope, wishlistSchema } from '@shop/proto';
import { actorId } from '../auth/actor';
import { WishlistService } from './wishlist.service';

@Controller()
export class WishlistRpcController {
  constructor(private readonly wishlist: WishlistService) {}

  @MessagePattern(RPC.user.wishlistToggle)
  toggle(@Payload() env: RpcEnvelope) {
    const userId = actorId(env.actor, 'customer');
    return this.wishlist.toggle(userId, parseInput(wishlistSchema, env.data).productId);
  }

  @MessagePattern(RPC.user.wishlistRemove)
  remove(@Payload() env: RpcEnvelope) {
    const userId = actorId(env.actor, 'customer');
    return this.wishlist.remove(userId, parseInput(wishlistSchema, env.data).productId);
  }

  @MessagePattern(RPC.user.wishlistGet)
  list(@Payload() env: RpcEnvelope) {
    return this.wishlist.list(actorId(env.actor, 'customer'));
  }

  /** The wishlist is all the user service adds to the account overview's stats. */
  @MessagePattern(RPC.user.stats)
  stats(@Payload() env: RpcEnvelope) {
    return this.wishlist.stats(actorId(env.actor, 'customer'));
  }
}
