import { applyDecorators } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiParam, ApiProduces } from '@nestjs/swagger';
import { RpcCallOptions, RpcClient } from '@shop/kit';
import {
  DOCUMENT_KINDS,
  ORDER_MESSAGES,
  OrderDocumentParams,
  OrderDocumentPdf,
  OrderDocumentRequest,
  RPC,
} from '@shop/proto';
import type { FastifyReply } from 'fastify';

/** The OpenAPI description both document routes share: a PDF, or 404 for anyone else's. */
export const DocumentRoute = () =>
  applyDecorators(
    ApiParam({ name: 'id', description: 'The order id', schema: { type: 'string', format: 'uuid' } }),
    ApiParam({ name: 'kind', enum: DOCUMENT_KINDS }),
    ApiProduces('application/pdf'),
    ApiOkResponse({ description: 'The document as issued', schema: { type: 'string', format: 'binary' } }),
    ApiNotFoundResponse({ description: ORDER_MESSAGES.documentNotFound }),
  );

/**
 * One document of an order as a PDF download. The order service decides who may have it (404 for
 * anyone else); the browser keeps no copy, as it is a customer's tax paper.
 */
export async function documentDownload(
  rpc: RpcClient,
  params: OrderDocumentParams,
  caller: RpcCallOptions,
  reply: FastifyReply,
): Promise<Buffer> {
  const file = await rpc.call<OrderDocumentPdf>(
    RPC.order.documentPdf,
    { orderId: params.id, kind: params.kind } satisfies OrderDocumentRequest,
    caller,
  );
  void reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'private, no-store');
  return Buffer.from(file.pdfBase64, 'base64');
}
