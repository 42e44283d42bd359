import { Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { RpcCallOptions, RpcClient } from '@shop/kit';
import { ReorderListReply, ReorderReceiveReply, RPC } from '@shop/proto';
import { AdminGuard } from '../auth/auth.guards';
import { Caller } from '../common/caller.decorator';
import { CatalogReplyCache } from './catalog-reply-cache';

/** Auto reorder's requests in the back office: the list, and marking one received. */
@ApiTags('admin reorders')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('api/admin2009/reorders')
export class AdminReordersController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly cache: CatalogReplyCache,
  ) {}

  @Get()
  list(@Caller() caller: RpcCallOptions) {
    return this.rpc.call<ReorderListReply>(RPC.catalog.reorderList, {}, caller);
  }

  /** The received units join the product's stock: the kept catalog answers are dropped. */
  @Post(':id/receive')
  @HttpCode(200)
  receive(@Param('id') id: string, @Caller() caller: RpcCallOptions) {
    return this.cache.afterChange(
      this.rpc.call<ReorderReceiveReply>(RPC.catalog.reorderReceive, { id }, caller),
    );
  }
}
