import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { parseInput } from '@shop/kit';
import { customizationResolveSchema, customizationUploadSchema, RPC, RpcEnvelope } from '@shop/proto';
import { customerId } from '../common/actor';
import { UploadsService } from './uploads.service';

@Controller()
export class UploadsRpcController {
  constructor(private readonly uploads: UploadsService) {}

  @MessagePattern(RPC.cart.uploadCreate)
  create(@Payload() env: RpcEnvelope) {
    return this.uploads.create(customerId(env.actor), parseInput(customizationUploadSchema, env.data));
  }

  /** Asked by the order service with the customer's actor: only that customer's uploads resolve. */
  @MessagePattern(RPC.cart.uploadResolve)
  resolve(@Payload() env: RpcEnvelope) {
    return this.uploads.resolve(customerId(env.actor), parseInput(customizationResolveSchema, env.data));
  }
}
