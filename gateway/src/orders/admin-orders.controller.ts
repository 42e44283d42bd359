import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { RpcCallOptions, RpcClient } from '@shop/kit';
import {
  AdminCodOutcomeRequest,
  AdminOrderExport,
  AdminOrderListQuery,
  adminOrderListQuerySchema,
  AdminOrderListReply,
  AdminOrderUpdateInput,
  adminOrderUpdateSchema,
  AdminProcessReply,
  CodOutcomeInput,
  codOutcomeSchema,
  OrderDocumentParams,
  orderDocumentParamsSchema,
  OrderView,
  RPC,
} from '@shop/proto';
import type { FastifyReply } from 'fastify';
import { AdminGuard } from '../auth/auth.guards';
import { ArtworkLinks } from '../cart/artwork-links';
import { CatalogReplyCache } from '../catalog/catalog-reply-cache';
import { Caller } from '../common/caller.decorator';
import { ZodBody } from '../common/zod-body.pipe';
import { documentDownload, DocumentRoute } from './order-documents';

/** The back office's orders screen (back-office spec, sections 2 and 7). */
@ApiTags('back office: orders')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('api/admin2009/orders')
export class AdminOrdersController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly catalogReplies: CatalogReplyCache,
    private readonly artwork: ArtworkLinks,
  ) {}

  /** Search, status, date range (from/to), page and limit; summary for the cards. */
  @Get()
  async list(
    @Query(new ZodBody(adminOrderListQuerySchema)) query: AdminOrderListQuery,
    @Caller() caller: RpcCallOptions,
  ) {
    const reply = await this.rpc.call<AdminOrderListReply>(RPC.order.adminList, query, caller);
    return { ...reply, orders: reply.orders.map((order) => this.artwork.order(order)) };
  }

  /** The filtered orders as CSV, every cell quoted. */
  @Get('export.csv')
  async export(
    @Query(new ZodBody(adminOrderListQuerySchema)) query: AdminOrderListQuery,
    @Caller() caller: RpcCallOptions,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const file = await this.rpc.call<AdminOrderExport>(RPC.order.adminExport, query, caller);
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.filename}"`);
    return file.csv;
  }

  /** "Process Orders": every Pending order to Processing. */
  @Post('process')
  @HttpCode(200)
  process(@Caller() caller: RpcCallOptions) {
    return this.rpc.call<AdminProcessReply>(RPC.order.adminProcess, {}, caller);
  }

  @Get(':id')
  async get(@Param('id') id: string, @Caller() caller: RpcCallOptions) {
    const order = await this.rpc.call<OrderView>(RPC.order.adminGet, { id }, caller);
    return { success: true, order: this.artwork.order(order) };
  }

  /**
   * `{outcome: 'paid' | 'refused'}` of a cash-on-delivery order at the door: paid (Delivered if it
   * was Shipped), or refused (cancelled, its stock back).
   */
  @Post(':id/cash-on-delivery')
  @HttpCode(200)
  async codOutcome(
    @Param('id') id: string,
    @Body(new ZodBody(codOutcomeSchema)) body: CodOutcomeInput,
    @Caller() caller: RpcCallOptions,
  ) {
    // A refused order gives its stock back: product pages kept by the gateway show it at once.
    const order = await this.catalogReplies.afterChange(
      this.rpc.call<OrderView>(
        RPC.order.adminCodOutcome,
        { id, outcome: body.outcome } satisfies AdminCodOutcomeRequest,
        caller,
      ),
    );
    return { success: true, order: this.artwork.order(order) };
  }

  /** Any order's tax invoice, receipt or credit note as a PDF, for the order modal. */
  @Get(':id/documents/:kind')
  @DocumentRoute()
  document(
    @Param(new ZodBody(orderDocumentParamsSchema)) params: OrderDocumentParams,
    @Caller() caller: RpcCallOptions,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return documentDownload(this.rpc, params, caller, reply);
  }

  /** `{orderStatus}` along the declared progression, `{trackingNumber}`, or both (tracking first). */
  @Patch(':id')
  async update(
    @Param('id') id: string,
    @Body(new ZodBody(adminOrderUpdateSchema)) body: AdminOrderUpdateInput,
    @Caller() caller: RpcCallOptions,
  ) {
    let order: OrderView | undefined;
    if (body.trackingNumber !== undefined) {
      order = await this.rpc.call<OrderView>(
        RPC.order.adminUpdateTracking,
        { id, trackingNumber: body.trackingNumber },
        caller,
      );
    }
    if (body.orderStatus !== undefined) {
      // A cancelled order gives its stock back: product pages kept by the gateway show it at once.
      order = await this.catalogReplies.afterChange(
        this.rpc.call<OrderView>(RPC.order.adminUpdateStatus, { id, orderStatus: body.orderStatus }, caller),
      );
    }
    return { success: true, order: order && this.artwork.order(order) };
  }
}
