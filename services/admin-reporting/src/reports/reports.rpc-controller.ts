import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { parseInput } from '@shop/kit';
import { ReportExport, reportQuerySchema, RPC, RpcEnvelope } from '@shop/proto';
import { requireAdmin } from '../common/actors';
import { reportCsv } from './reports-csv';
import { ReportsService } from './reports.service';

@Controller()
export class ReportsRpcController {
  constructor(private readonly reports: ReportsService) {}

  @MessagePattern(RPC.admin.report)
  report(@Payload() env: RpcEnvelope) {
    requireAdmin(env.actor);
    return this.reports.report(parseInput(reportQuerySchema, env.data));
  }

  @MessagePattern(RPC.admin.reportSales)
  sales(@Payload() env: RpcEnvelope) {
    requireAdmin(env.actor);
    return this.reports.sales(parseInput(reportQuerySchema, env.data));
  }

  @MessagePattern(RPC.admin.reportTopProducts)
  topProducts(@Payload() env: RpcEnvelope) {
    requireAdmin(env.actor);
    return this.reports.topProducts(parseInput(reportQuerySchema, env.data));
  }

  @MessagePattern(RPC.admin.reportExport)
  async export(@Payload() env: RpcEnvelope): Promise<ReportExport> {
    requireAdmin(env.actor);
    const report = await this.reports.report(parseInput(reportQuerySchema, env.data));
    return { filename: `report-${report.type}-${report.window.from}-to-${report.window.to}.csv`, csv: reportCsv(report) };
  }
}
