import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { parseInput } from '@shop/kit';
import { RPC, RpcEnvelope, sandboxPaySchema } from '@shop/proto';
import { SandboxCheckoutService } from './sandbox-checkout.service';

@Controller()
export class SandboxRpcController {
  constructor(private readonly checkout: SandboxCheckoutService) {}

  @MessagePattern(RPC.payment.sandboxPay)
  pay(@Payload() env: RpcEnvelope) {
    return this.checkout.pay(parseInput(sandboxPaySchema, env.data));
  }

  @MessagePattern(RPC.payment.sandboxCheckoutScript)
  checkoutScript() {
    return this.checkout.script();
  }
}
