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

  // Idempotent by its own rows: a verify run again finds the order paid by the payment it reports
  // (or that payment owed back) and answers as the first run did, and simultaneous runs queue on the
  // provider order's lock. So no claim and no stored reply, which were a transaction and a row
  // written per checkout in bench:checkout (issue 13).
  @SelfIdempotentPattern(RPC.payment.verify)
  verify(@Payload() env: RpcEnvelope) {
    const userId = customerId(env.actor);
    return this.payments.verify(userId, parseInput(verifyPaymentSchema, env.data));
  }

  @MessagePattern(RPC.payment.config)
  config() {
    return this.modes.view();
  }
}
