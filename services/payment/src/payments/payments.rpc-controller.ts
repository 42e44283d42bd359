import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { parseInput, SelfIdempotentPattern } from '@shop/kit';
import { createPaymentOrderSchema, RPC, RpcEnvelope, verifyPaymentSchema } from '@shop/proto';
import { customerId } from '../common/actor';
import { PaymentModeService } from '../razorpay/payment-mode.service';
import { PaymentsService } from './payments.service';

@Controller()
export class PaymentsRpcController {
  constructor(
    private readonly payments: PaymentsService,
    private readonly modes: PaymentModeService,
  ) {}

  // Idempotent per order: a repeat gets the provider order the first call made.
  @SelfIdempotentPattern(RPC.payment.createOrder)
  createOrder(@Payload() env: RpcEnvelope) {
    const userId = customerId(env.actor);
    return this.payments.createOrder(userId, parseInput(createPaymentOrderSchema, env.data).orderId);
  }

  @MessagePattern(RPC.payment.verify)
  verify(@Payload() env: RpcEnvelope) {
    const userId = customerId(env.actor);
    return this.payments.verify(userId, parseInput(verifyPaymentSchema, env.data));
  }

  @MessagePattern(RPC.payment.config)
  config() {
    return this.modes.view();
  }
}
