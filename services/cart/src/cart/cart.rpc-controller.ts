import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { parseInput } from '@shop/kit';
import {
  cartAddSchema,
  cartLineIdSchema,
  cartLineUpdateSchema,
  cartMergeRpcSchema,
  cartPromoSchema,
  RPC,
  RpcEnvelope,
} from '@shop/proto';
import { customerId } from '../common/actor';
import { CartService } from './cart.service';

@Controller()
export class CartRpcController {
  constructor(private readonly cart: CartService) {}

  @MessagePattern(RPC.cart.get)
  get(@Payload() env: RpcEnvelope) {
    return this.cart.get(customerId(env.actor));
  }

  @MessagePattern(RPC.cart.lineAdd)
  add(@Payload() env: RpcEnvelope) {
    const userId = customerId(env.actor);
    return this.cart.add(userId, parseInput(cartAddSchema, env.data));
  }

  @MessagePattern(RPC.cart.lineUpdate)
  update(@Payload() env: RpcEnvelope) {
    const userId = customerId(env.actor);
    const { itemId, quantity } = parseInput(cartLineUpdateSchema, env.data);
    return this.cart.setQuantity(userId, itemId, quantity);
  }

  @MessagePattern(RPC.cart.lineRemove)
  remove(@Payload() env: RpcEnvelope) {
    const userId = customerId(env.actor);
    return this.cart.remove(userId, parseInput(cartLineIdSchema, env.data).itemId);
  }

  @MessagePattern(RPC.cart.clear)
  clear(@Payload() env: RpcEnvelope) {
    return this.cart.clear(customerId(env.actor));
  }

  @MessagePattern(RPC.cart.merge)
  merge(@Payload() env: RpcEnvelope) {
    const userId = customerId(env.actor);
    return this.cart.merge(userId, parseInput(cartMergeRpcSchema, env.data));
  }

  /** A customer's server cart, or a visitor's guest cart sent along (the caller has no actor). */
  @MessagePattern(RPC.cart.promoPreview)
  promo(@Payload() env: RpcEnvelope) {
    const userId = env.actor ? customerId(env.actor) : null;
    const input = parseInput(cartPromoSchema, env.data);
    return this.cart.promo(userId, input, { actor: env.actor, requestId: env.requestId, ip: env.ip });
  }
}
