import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { parseInput } from '@shop/kit';
import { AddressIdRequest, AddressUpdateRequest, addressSchema, RPC, RpcEnvelope } from '@shop/proto';
import { actorId } from '../auth/actor';
import { AddressesService } from './addresses.service';

@Controller()
export class AddressesRpcController {
  constructor(private readonly addresses: AddressesService) {}

  @MessagePattern(RPC.user.addressList)
  list(@Payload() env: RpcEnvelope) {
    return this.addresses.list(actorId(env.actor, 'customer'));
  }

  @MessagePattern(RPC.user.addressCreate)
  create(@Payload() env: RpcEnvelope) {
    const userId = actorId(env.actor, 'customer');
    return this.addresses.create(userId, parseInput(addressSchema, env.data));
  }

  @MessagePattern(RPC.user.addressUpdate)
  update(@Payload() env: RpcEnvelope<AddressUpdateRequest>) {
    const userId = actorId(env.actor, 'customer');
    return this.addresses.update(userId, env.data?.id, parseInput(addressSchema, env.data?.address));
  }

  @MessagePattern(RPC.user.addressDelete)
  remove(@Payload() env: RpcEnvelope<AddressIdRequest>) {
    return this.addresses.remove(actorId(env.actor, 'customer'), env.data?.id);
  }
}
