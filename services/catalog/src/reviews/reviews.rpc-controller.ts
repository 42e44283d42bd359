import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { parseInput } from '@shop/kit';
import {
  adminReviewCreateSchema,
  CATALOG_MESSAGES as M,
  reviewCreateSchema,
  RPC,
  RpcEnvelope,
} from '@shop/proto';
import { requireAdmin, requireCustomer } from '../common/actors';
import { ReviewsService } from './reviews.service';

@Controller()
export class ReviewsRpcController {
  constructor(private readonly reviews: ReviewsService) {}

  @MessagePattern(RPC.catalog.reviewList)
  list(@Payload() env: RpcEnvelope<{ productId: string }>) {
    const viewer = env.actor?.role === 'customer' ? env.actor.userId : null;
    return this.reviews.listForProduct(String(env.data?.productId ?? ''), viewer);
  }

  @MessagePattern(RPC.catalog.reviewCreate)
  create(@Payload() env: RpcEnvelope) {
    const actor = requireCustomer(env.actor, M.loginToReview);
    return this.reviews.create(actor, parseInput(reviewCreateSchema, env.data));
  }

  @MessagePattern(RPC.catalog.reviewHelpful)
  helpful(@Payload() env: RpcEnvelope<{ id: string }>) {
    const actor = requireCustomer(env.actor, M.loginToMarkHelpful);
    return this.reviews.toggleHelpful(actor, String(env.data?.id ?? ''));
  }

  @MessagePattern(RPC.catalog.reviewDelete)
  remove(@Payload() env: RpcEnvelope<{ id: string }>) {
    requireAdmin(env.actor);
    return this.reviews.remove(String(env.data?.id ?? ''));
  }

  @MessagePattern(RPC.catalog.reviewRestore)
  restore(@Payload() env: RpcEnvelope<{ id: string }>) {
    requireAdmin(env.actor);
    return this.reviews.restore(String(env.data?.id ?? ''));
  }

  @MessagePattern(RPC.catalog.reviewAdminCreate)
  createByAdmin(@Payload() env: RpcEnvelope) {
    requireAdmin(env.actor);
    return this.reviews.createByAdmin(parseInput(adminReviewCreateSchema, env.data));
  }
}
