import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { RpcError } from '@shop/kit';
import { PAYMENT_MESSAGES, PaymentWebhookRequest, RPC, RpcEnvelope } from '@shop/proto';
import { WebhooksService } from './webhooks.service';

@Controller()
export class WebhooksRpcController {
  constructor(private readonly webhooks: WebhooksService) {}

  @MessagePattern(RPC.payment.webhook)
  receive(@Payload() env: RpcEnvelope<PaymentWebhookRequest>) {
    const { rawBody, signature, eventId } = env.data ?? ({} as PaymentWebhookRequest);
    if (typeof rawBody !== 'string' || typeof signature !== 'string' || !signature) {
      throw RpcError.badRequest(PAYMENT_MESSAGES.invalidWebhookSignature);
    }
    return this.webhooks.receive({
      rawBody,
      signature,
      eventId: typeof eventId === 'string' ? eventId : undefined,
    });
  }
}
