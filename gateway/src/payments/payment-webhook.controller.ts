import {
  BadRequestException,
  Controller,
  Headers,
  HttpCode,
  Post,
  RawBodyRequest,
  Req,
} from '@nestjs/common';
import { ApiExcludeEndpoint, ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import { RpcCallOptions, RpcClient } from '@shop/kit';
import { PAYMENT_MESSAGES, PaymentWebhookRequest, PaymentWebhookResult, RPC } from '@shop/proto';
import type { FastifyRequest } from 'fastify';
import { Caller } from '../common/caller.decorator';

/** Razorpay's webhooks. The signature covers the body byte for byte, so the raw body goes on, unparsed. */
@ApiTags('payments')
@SkipThrottle()
@Controller('api/payments/webhook')
export class PaymentWebhookController {
  constructor(private readonly rpc: RpcClient) {}

  @Post()
  @HttpCode(200)
  @ApiExcludeEndpoint()
  async receive(
    @Req() req: RawBodyRequest<FastifyRequest>,
    @Headers('x-razorpay-signature') signature: string | undefined,
    @Headers('x-razorpay-event-id') eventId: string | undefined,
    @Caller() caller: RpcCallOptions,
  ) {
    if (!req.rawBody || !signature) throw new BadRequestException(PAYMENT_MESSAGES.invalidWebhookSignature);
    const request: PaymentWebhookRequest = { rawBody: req.rawBody.toString('utf8'), signature, eventId };
    const result = await this.rpc.call<PaymentWebhookResult>(RPC.payment.webhook, request, caller);
    return { success: true, ...result };
  }
}
