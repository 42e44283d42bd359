import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { parseInput } from '@shop/kit';
import { customizationResolveSchema, customizationUploadSchema, guestFileSchema, RPC, RpcEnvelope } from '@shop/proto';
import { customerId } from '../common/actor';
import { uploadOwner } from './upload-owner';
import { UploadsService } from './uploads.service';

@Controller()
export class UploadsRpcController {
  constructor(private readonly uploads: UploadsService) {}

  /** A customer's upload, or a visitor's: then the gateway names the guest cart from its cookie. */
  @MessagePattern(RPC.cart.uploadCreate)
  create(@Payload() env: RpcEnvelope) {
    const input = parseInput(customizationUploadSchema, env.data);
    return this.uploads.create(uploadOwner(env.actor, input.guestCartId), input);
  }

  /** Asked by the gateway, with no caller, when a visitor opens a file of theirs by its guest cart cookie. */
  @MessagePattern(RPC.cart.uploadGuestFile)
  guestFile(@Payload() env: RpcEnvelope) {
    return this.uploads.guestFile(parseInput(guestFileSchema, env.data));
  }

  /** Asked by the order service with the customer's actor: only that customer's uploads resolve. */
  @MessagePattern(RPC.cart.uploadResolve)
  resolve(@Payload() env: RpcEnvelope) {
    return this.uploads.resolve(customerId(env.actor), parseInput(customizationResolveSchema, env.data));
  }
}
