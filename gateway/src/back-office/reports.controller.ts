import { Controller, Get, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { RpcCallOptions, RpcClient } from '@shop/kit';
import { ReportExport, ReportQuery, reportQuerySchema, ReportReply, RPC, SalesReply, TopProductsReply } from '@shop/proto';
import type { FastifyReply } from 'fastify';
import { AdminGuard } from '../auth/auth.guards';
import { Caller } from '../common/caller.decorator';
import { ZodBody } from '../common/zod-body.pipe';

/**
 * The reports screen (back-office spec, section 2). Every route takes the screen's filters:
 * `type` (overview, sales, products, customers, inventory) picks the report's sections, `period`
 * (7d, 30d, 90d, 6m, 1y, or custom with `from` and `to`) the window of whole days it covers.
 */
@ApiTags('back office: reports')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('api/admin2009/reports')
export class ReportsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  report(@Query(new ZodBody(reportQuerySchema)) query: ReportQuery, @Caller() caller: RpcCallOptions) {
    return this.rpc.call<ReportReply>(RPC.admin.report, query, caller);
  }

  @Get('sales')
  sales(@Query(new ZodBody(reportQuerySchema)) query: ReportQuery, @Caller() caller: RpcCallOptions) {
    return this.rpc.call<SalesReply>(RPC.admin.reportSales, query, caller);
  }

  /** Best sellers by units sold (`limit`, 5 by default). */
  @Get('top-products')
  topProducts(@Query(new ZodBody(reportQuerySchema)) query: ReportQuery, @Caller() caller: RpcCallOptions) {
    return this.rpc.call<TopProductsReply>(RPC.admin.reportTopProducts, query, caller);
  }

  /** The report as CSV, every cell quoted. */
  @Get('export.csv')
  async export(
    @Query(new ZodBody(reportQuerySchema)) query: ReportQuery,
    @Caller() caller: RpcCallOptions,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const file = await this.rpc.call<ReportExport>(RPC.admin.reportExport, query, caller);
    void reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${file.filename}"`);
    return file.csv;
  }
}
