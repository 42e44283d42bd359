import { Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { RpcCallOptions, RpcClient } from '@shop/kit';
import { RebuildReply, RPC } from '@shop/proto';
import { AdminGuard } from '../auth/auth.guards';
import { Caller } from '../common/caller.decorator';

/** Rebuilds the reporting read models from the services that own the data (202: it runs in the background). */
@ApiTags('back office: read models')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('api/admin2009/read-models/rebuild')
export class ReadModelsController {
  constructor(private readonly rpc: RpcClient) {}

  @Post()
  @HttpCode(202)
  start(@Caller() caller: RpcCallOptions) {
    return this.rpc.call<RebuildReply>(RPC.admin.rebuildStart, {}, caller);
  }

  /** How the latest rebuild went. */
  @Get()
  status(@Caller() caller: RpcCallOptions) {
    return this.rpc.call<RebuildReply>(RPC.admin.rebuildStatus, {}, caller);
  }
}
