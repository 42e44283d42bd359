import { Body, Controller, Get, Header, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { RpcCallOptions, RpcClient } from '@shop/kit';
import { RPC, SandboxPayRequest, SandboxPayResult, sandboxPaySchema } from '@shop/proto';
import { Caller } from '../common/caller.decorator';
import { ZodBody } from '../common/zod-body.pipe';

/**
 * The sandbox's stand-in for Razorpay Checkout: its script and the calls its Pay and Fail buttons
 * make. Like Razorpay's window they carry no shop token; the payment service refuses them unless
 * it runs the sandbox.
 */
@ApiTags('payments')
@Controller('api/payments/sandbox')
export class PaymentSandboxController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('checkout.js')
  @Header('content-type', 'application/javascript; charset=utf-8')
  @Header('cache-control', 'no-cache')
  // The storefront may be served from another origin than the API.
  @Header('cross-origin-resource-policy', 'cross-origin')
  checkoutScript(@Caller() caller: RpcCallOptions): Promise<string> {
    return this.rpc.call<string>(RPC.payment.sandboxCheckoutScript, {}, caller);
  }

  @Post('pay')
  @HttpCode(200)
  pay(
    @Body(new ZodBody(sandboxPaySchema)) body: SandboxPayRequest,
    @Caller() caller: RpcCallOptions,
  ): Promise<SandboxPayResult> {
    return this.rpc.call<SandboxPayResult>(RPC.payment.sandboxPay, body, caller);
  }
}
