import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { RpcCallOptions, RpcClient } from '@shop/kit';
import { DashboardComparisonReply, DashboardQuery, dashboardQuerySchema, DashboardReply, RPC } from '@shop/proto';
import { AdminGuard } from '../auth/auth.guards';
import { Caller } from '../common/caller.decorator';
import { ZodBody } from '../common/zod-body.pipe';

/** The dashboard (back-office spec, section 2): `?period=previous_month` for the comparison figures, `year` and `month` for the trend. */
@ApiTags('back office: dashboard')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('api/admin2009/dashboard')
export class DashboardController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  get(@Query(new ZodBody(dashboardQuerySchema)) query: DashboardQuery, @Caller() caller: RpcCallOptions) {
    return this.rpc.call<DashboardReply | DashboardComparisonReply>(RPC.admin.dashboard, query, caller);
  }
}
