import { Body, Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { RpcCallOptions, RpcClient } from '@shop/kit';
import {
  CreatePaymentOrderRequest,
  createPaymentOrderSchema,
  PaymentConfigView,
  PaymentOrderView,
  RPC,
  VerifyPaymentRequest,
  VerifyPaymentResult,
  verifyPaymentSchema,
} from '@shop/proto';
import { CustomerGuard } from '../auth/auth.guards';
import { Caller } from '../common/caller.decorator';
import { ZodBody } from '../common/zod-body.pipe';

@ApiTags('payments')
@Controller('api/payments')
export class PaymentsController {
  constructor(private readonly rpc: RpcClient) {}

  /** The payment screen's first call. Amount, currency and notes in the body are ignored: the order decides. */
  @Post('create-order')
  @ApiBearerAuth()
  @UseGuards(CustomerGuard)
  async createOrder(
    @Body(new ZodBody(createPaymentOrderSchema)) body: CreatePaymentOrderRequest,
    @Caller() caller: RpcCallOptions,
  ) {
    return {
      success: true,
      order: await this.rpc.call<PaymentOrderView>(RPC.payment.createOrder, body, caller),
    };
  }

  @Post('verify')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(CustomerGuard)
  async verify(
    @Body(new ZodBody(verifyPaymentSchema)) body: VerifyPaymentRequest,
    @Caller() caller: RpcCallOptions,
  ) {
    const result = await this.rpc.call<VerifyPaymentResult>(RPC.payment.verify, body, caller);
    return { success: true, message: 'Payment verified successfully', ...result };
  }

  /** What the storefront needs to load and open Checkout; never a secret. */
  @Get('config')
  async config(@Caller() caller: RpcCallOptions) {
    return { success: true, ...(await this.rpc.call<PaymentConfigView>(RPC.payment.config, {}, caller)) };
  }
}
