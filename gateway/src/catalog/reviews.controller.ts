import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { RpcCallOptions, RpcClient } from '@shop/kit';
import { adminReviewCreateSchema, ReviewView, RPC } from '@shop/proto';
import { AdminGuard, OptionalCustomerGuard } from '../auth/auth.guards';
import { Caller } from '../common/caller.decorator';
import { CatalogReplyCache } from './catalog-reply-cache';
import { ZodBody } from '../common/zod-body.pipe';

type Reply = { success: true; review: ReviewView };

@ApiTags('reviews')
@Controller('api/reviews')
export class ReviewsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly cache: CatalogReplyCache,
  ) {}

  /** A signed-in customer is also told which of the reviews they found helpful. */
  @Get('product/:productId')
  @ApiBearerAuth()
  @UseGuards(OptionalCustomerGuard)
  list(@Param('productId') productId: string, @Caller() caller: RpcCallOptions) {
    return this.rpc.call<{ success: true; reviews: ReviewView[] }>(
      RPC.catalog.reviewList,
      { productId },
      caller,
    );
  }

  /** A visitor is told the spec's "You must be logged in to submit a review" by the catalog, before any field check. */
  @Post()
  @ApiBearerAuth()
  @UseGuards(OptionalCustomerGuard)
  create(@Body() body: unknown, @Caller() caller: RpcCallOptions) {
    return this.cache.afterChange(this.rpc.call<Reply>(RPC.catalog.reviewCreate, body ?? {}, caller));
  }

  @Post('admin')
  @ApiBearerAuth()
  @UseGuards(AdminGuard)
  createByAdmin(@Body(new ZodBody(adminReviewCreateSchema)) body: unknown, @Caller() caller: RpcCallOptions) {
    return this.cache.afterChange(this.rpc.call<Reply>(RPC.catalog.reviewAdminCreate, body, caller));
  }

  @Post(':id/helpful')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(OptionalCustomerGuard)
  helpful(@Param('id') id: string, @Caller() caller: RpcCallOptions) {
    return this.rpc.call<Reply & { helpful: boolean }>(RPC.catalog.reviewHelpful, { id }, caller);
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(AdminGuard)
  remove(@Param('id') id: string, @Caller() caller: RpcCallOptions) {
    return this.cache.afterChange(
      this.rpc.call<{ success: true; message: string }>(RPC.catalog.reviewDelete, { id }, caller),
    );
  }

  /** Undo of a staff deletion: the review comes back as it was. */
  @Post(':id/restore')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(AdminGuard)
  restore(@Param('id') id: string, @Caller() caller: RpcCallOptions) {
    return this.cache.afterChange(this.rpc.call<Reply>(RPC.catalog.reviewRestore, { id }, caller));
  }
}
