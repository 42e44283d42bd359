import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { parseInput } from '@shop/kit';
import { reorderReceiveSchema, RPC, RpcEnvelope } from '@shop/proto';
import { requireAdmin } from '../common/actors';
import { ReordersService } from './reorders.service';

@Controller()
export class ReordersRpcController {
  constructor(private readonly reorders: ReordersService) {}

  @MessagePattern(RPC.catalog.reorderList)
  list(@Payload() env: RpcEnvelope) {
    requireAdmin(env.actor);
    return this.reorders.list();
  }

  @MessagePattern(RPC.catalog.reorderReceive)
  receive(@Payload() env: RpcEnvelope) {
    const staff = requireAdmin(env.actor);
    return this.reorders.receive(parseInput(reorderReceiveSchema, env.data).id, staff.userId);
  }
}
