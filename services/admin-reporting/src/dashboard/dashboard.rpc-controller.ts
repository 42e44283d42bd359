import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { parseInput } from '@shop/kit';
import { dashboardQuerySchema, RPC, RpcEnvelope } from '@shop/proto';
import { requireAdmin } from '../common/actors';
import { DashboardService } from './dashboard.service';

@Controller()
export class DashboardRpcController {
  constructor(private readonly dashboard: DashboardService) {}

  @MessagePattern(RPC.admin.dashboard)
  get(@Payload() env: RpcEnvelope) {
    requireAdmin(env.actor);
    return this.dashboard.dashboard(parseInput(dashboardQuerySchema, env.data));
  }
}
