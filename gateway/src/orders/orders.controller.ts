import { Body, Controller, Get, Headers, HttpCode, Param, Post, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiTags } from '@nestjs/swagger';
import { RpcCallOptions, RpcClient } from '@shop/kit';
import {
  idempotencyKeySchema,
  OrderCreateInput,
  OrderCreateReply,
  OrderCreateRequest,
  orderCreateSchema,
  OrderDocumentParams,
  orderDocumentParamsSchema,
  OrderQuoteInput,
  orderQuoteSchema,
  OrderQuoteView,
  OrderView,
  RPC,
} from '@shop/proto';
import type { FastifyReply } from 'fastify';
import { CustomerGuard } from '../auth/auth.guards';
import { ArtworkLinks } from '../cart/artwork-links';
import { CatalogReplyCache } from '../catalog/catalog-reply-cache';
import { Caller } from '../common/caller.decorator';
import { ZodBody } from '../common/zod-body.pipe';
import { documentDownload, DocumentRoute } from './order-documents';

/** A customer's orders (storefront spec, section 7): checkout, the quote its screens show, history and tracking. */
@ApiTags('orders')
@ApiBearerAuth()
@UseGuards(CustomerGuard)
@Controller('api/orders')
export class OrdersController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly catalogReplies: CatalogReplyCache,
    private readonly artwork: ArtworkLinks,
  ) {}

  /**
   * Places an order from either screen's payload. A retried submit with the same Idempotency-Key
   * answers with the order the first one placed (and the header `Idempotent-Replayed: true`).
   */
  @Post()
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description: 'Makes a retried submit return the same order',
  })
  async create(
    @Body(new ZodBody(orderCreateSchema)) body: OrderCreateInput,
    @Headers('idempotency-key') key: string | undefined,
    @Caller() caller: RpcCallOptions,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const idempotencyKey = key === undefined ? null : new ZodBody(idempotencyKeySchema).transform(key);
    // An order takes stock: the buyer's next look at the product page shows what is left.
    const placed = await this.catalogReplies.afterChange(
      this.rpc.call<OrderCreateReply>(
        RPC.order.create,
        { order: body, idempotencyKey } satisfies OrderCreateRequest,
        caller,
      ),
    );
    if (placed.replayed) void reply.header('idempotent-replayed', 'true');
    return { success: true, order: this.artwork.order(placed.order) };
  }

  /** The totals an order of these lines would have now: what the cart and checkout screens show. */
  @Post('quote')
  @HttpCode(200)
  async quote(@Body(new ZodBody(orderQuoteSchema)) body: OrderQuoteInput, @Caller() caller: RpcCallOptions) {
    const quote = await this.rpc.call<OrderQuoteView>(RPC.order.quote, body, caller);
    return { success: true, quote: this.artwork.order(quote) };
  }

  @Get('me')
  async mine(@Caller() caller: RpcCallOptions) {
    const orders = await this.rpc.call<OrderView[]>(RPC.order.listMine, {}, caller);
    return { success: true, orders: orders.map((order) => this.artwork.order(order)) };
  }

  @Get(':id')
  async get(@Param('id') id: string, @Caller() caller: RpcCallOptions) {
    const order = await this.rpc.call<OrderView>(RPC.order.get, { id }, caller);
    return { success: true, order: this.artwork.order(order) };
  }

  /** The order's tax invoice, receipt or credit note as a PDF; 404 for anyone else's order. */
  @Get(':id/documents/:kind')
  @DocumentRoute()
  document(
    @Param(new ZodBody(orderDocumentParamsSchema)) params: OrderDocumentParams,
    @Caller() caller: RpcCallOptions,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return documentDownload(this.rpc, params, caller, reply);
  }
}
