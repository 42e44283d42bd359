import { Body, Controller, Get, Param, Post, Put, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { RpcCallOptions, RpcClient } from '@shop/kit';
import { customizationDefinitionSchema, CustomizationDefinitionView, RPC } from '@shop/proto';
import { AdminGuard } from '../auth/auth.guards';
import { Caller } from '../common/caller.decorator';
import { CatalogReplyCache } from './catalog-reply-cache';
import { ZodBody } from '../common/zod-body.pipe';

type Reply = { success: true; customization: CustomizationDefinitionView };

/** The customization library: anyone may read it, only staff change it. */
@ApiTags('customizations')
@Controller('api/customizations')
export class CustomizationsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly cache: CatalogReplyCache,
  ) {}

  @Get()
  list(@Caller() caller: RpcCallOptions) {
    return this.rpc.call<{ success: true; customizations: CustomizationDefinitionView[] }>(
      RPC.catalog.customizationList,
      {},
      caller,
    );
  }

  @Post()
  @ApiBearerAuth()
  @UseGuards(AdminGuard)
  create(@Body(new ZodBody(customizationDefinitionSchema)) body: unknown, @Caller() caller: RpcCallOptions) {
    return this.cache.afterChange(this.rpc.call<Reply>(RPC.catalog.customizationCreate, body, caller));
  }

  @Put(':id')
  @ApiBearerAuth()
  @UseGuards(AdminGuard)
  update(
    @Param('id') id: string,
    @Body(new ZodBody(customizationDefinitionSchema)) body: unknown,
    @Caller() caller: RpcCallOptions,
  ) {
    return this.cache.afterChange(
      this.rpc.call<Reply>(RPC.catalog.customizationUpdate, { id, body }, caller),
    );
  }
}
