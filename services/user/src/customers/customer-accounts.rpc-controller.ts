import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { parseInput } from '@shop/kit';
import { customerIdSchema, CustomerSnapshotRequest, RPC, RpcEnvelope } from '@shop/proto';
import { z } from 'zod';
import { actorId } from '../auth/actor';
import { CustomerAccountsService, SNAPSHOT_MAX_PAGE } from './customer-accounts.service';

const snapshotSchema = z.object({
  after: z.string().uuid().nullish(),
  limit: z.number().int().min(1).max(SNAPSHOT_MAX_PAGE).default(SNAPSHOT_MAX_PAGE),
});

@Controller()
export class CustomerAccountsRpcController {
  constructor(private readonly accounts: CustomerAccountsService) {}

  @MessagePattern(RPC.user.adminSnapshot)
  snapshot(@Payload() env: RpcEnvelope<CustomerSnapshotRequest>) {
    actorId(env.actor, 'admin');
    const { after, limit } = parseInput(snapshotSchema, env.data);
    return this.accounts.snapshot(after ?? null, limit);
  }

  @MessagePattern(RPC.user.adminCustomerGet)
  account(@Payload() env: RpcEnvelope<{ id: string }>) {
    actorId(env.actor, 'admin');
    return this.accounts.account(parseInput(customerIdSchema, env.data).id);
  }

  @MessagePattern(RPC.user.adminDeactivate)
  deactivate(@Payload() env: RpcEnvelope<{ id: string }>) {
    actorId(env.actor, 'admin');
    return this.accounts.deactivate(parseInput(customerIdSchema, env.data).id);
  }

  /** The gateway asks at start, with no caller: only ids, which open nothing. */
  @MessagePattern(RPC.user.adminDeactivatedIds)
  deactivatedIds() {
    return this.accounts.deactivatedIds();
  }
}
