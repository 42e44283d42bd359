import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { RPC, RpcEnvelope } from '@shop/proto';
import { requireAdmin } from '../common/actors';
import { RebuildService } from './rebuild.service';

@Controller()
export class RebuildRpcController {
  constructor(private readonly rebuild: RebuildService) {}

  @MessagePattern(RPC.admin.rebuildStart)
  start(@Payload() env: RpcEnvelope) {
    return this.rebuild.start(requireAdmin(env.actor), env.requestId);
  }

  @MessagePattern(RPC.admin.rebuildStatus)
  status(@Payload() env: RpcEnvelope) {
    requireAdmin(env.actor);
    return this.rebuild.status();
  }
}
