import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { RpcError } from '@shop/kit';
import {
  ORDER_MESSAGES,
  orderDocumentParamsSchema,
  OrderDocumentRequest,
  RPC,
  RpcEnvelope,
} from '@shop/proto';
import { InvoicesService } from './invoices.service';

@Controller()
export class InvoicesRpcController {
  constructor(private readonly invoices: InvoicesService) {}

  /** A customer for their own order, staff for any, another service (no actor) for any. */
  @MessagePattern(RPC.order.documentPdf)
  pdf(@Payload() env: RpcEnvelope<OrderDocumentRequest>) {
    const parsed = orderDocumentParamsSchema.safeParse({ id: env.data?.orderId, kind: env.data?.kind });
    if (!parsed.success) throw RpcError.notFound(ORDER_MESSAGES.documentNotFound);
    return this.invoices.pdf(env.actor ?? null, parsed.data.id, parsed.data.kind);
  }
}
