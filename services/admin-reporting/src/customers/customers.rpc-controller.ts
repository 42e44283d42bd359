import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { parseInput } from '@shop/kit';
import { customerIdSchema, customerListQuerySchema, RPC, RpcEnvelope } from '@shop/proto';
import { requireAdmin } from '../common/actors';
import { CustomersService } from './customers.service';

@Controller()
export class CustomersRpcController {
  constructor(private readonly customers: CustomersService) {}

  @MessagePattern(RPC.admin.customerList)
  list(@Payload() env: RpcEnvelope) {
    requireAdmin(env.actor);
    return this.customers.list(parseInput(customerListQuerySchema, env.data));
  }

  @MessagePattern(RPC.admin.customerGet)
  get(@Payload() env: RpcEnvelope) {
    const actor = requireAdmin(env.actor);
    return this.customers.detail(parseInput(customerIdSchema, env.data).id, { actor, requestId: env.requestId });
  }
}
