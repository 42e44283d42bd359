import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { parseInput } from '@shop/kit';
import { deleteImagesSchema, imageUploadSchema, RPC, RpcEnvelope } from '@shop/proto';
import { requireAdmin } from '../common/actors';
import { ImagesService } from './images.service';

@Controller()
export class ImagesRpcController {
  constructor(private readonly images: ImagesService) {}

  @MessagePattern(RPC.catalog.imageUpload)
  upload(@Payload() env: RpcEnvelope) {
    requireAdmin(env.actor);
    return this.images.upload(parseInput(imageUploadSchema, env.data));
  }

  @MessagePattern(RPC.catalog.imageDelete)
  remove(@Payload() env: RpcEnvelope) {
    requireAdmin(env.actor);
    return this.images.remove(parseInput(deleteImagesSchema, env.data).imageUrls);
  }
}
