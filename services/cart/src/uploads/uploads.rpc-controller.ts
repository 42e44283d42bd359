import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { parseInput } from '@shop/kit';
import { customizationUploadSchema, RPC, RpcEnvelope } from '@shop/proto';
import { customerId } from '../common/actor';
import { UploadsService } from './uploads.service';

@Controller()
export class UploadsRpcController {
  constructor(private readonly uploads: UploadsService) {}

  @MessagePattern(RPC.cart.uploadCreate)
  create(@Payload() env: RpcEnvelope) {
    return this.uploads.create(customerId(env.actor), parseInput(customizationUploadSchema, env.data));
  }
}
