import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { parseInput } from '@shop/kit';
import { PromoCheckRequest, couponValidateSchema, RPC, RpcEnvelope } from '@shop/proto';
import { CouponsService } from './coupons.service';

@Controller()
export class CouponsRpcController {
  constructor(private readonly coupons: CouponsService) {}

  /** Asked by the cart (promo box) and by checkout screens; a guest cart asks without an actor. */
  @MessagePattern(RPC.order.couponValidate)
  validate(@Payload() env: RpcEnvelope<PromoCheckRequest>) {
    const input = parseInput(couponValidateSchema, env.data);
    const userId = env.actor?.role === 'customer' ? env.actor.userId : null;
    return this.coupons.validate(
      typeof input.code === 'string' ? input.code : null,
      input.subtotalPaise,
      input.context,
      userId,
    );
  }
}
