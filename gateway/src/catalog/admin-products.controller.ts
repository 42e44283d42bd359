import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  UseGuards,
} from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { RpcCallOptions, RpcClient } from '@shop/kit';
import {
  AdminProductListQuery,
  adminProductListQuerySchema,
  AdminProductListReply,
  productCreateSchema,
  productUpdateSchema,
  ProductView,
  RPC,
} from '@shop/proto';
import { AdminGuard } from '../auth/auth.guards';
import { Caller } from '../common/caller.decorator';
import { CatalogReplyCache } from './catalog-reply-cache';
import { ZodBody } from '../common/zod-body.pipe';

@ApiTags('admin products')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('api/admin2009/products')
export class AdminProductsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly cache: CatalogReplyCache,
  ) {}

  @Get()
  list(
    @Query(new ZodBody(adminProductListQuerySchema)) query: AdminProductListQuery,
    @Caller() caller: RpcCallOptions,
  ) {
    return this.rpc.call<AdminProductListReply>(RPC.catalog.productAdminList, query, caller);
  }

  /** Creates a product, or restores a deleted one when its `_id` is posted again. */
  @Post()
  create(@Body(new ZodBody(productCreateSchema)) body: unknown, @Caller() caller: RpcCallOptions) {
    return this.cache.afterChange(
      this.rpc.call<{ success: true; product: ProductView; _id: string }>(
        RPC.catalog.productCreate,
        body,
        caller,
      ),
    );
  }

  @Patch(':id')
  update(
    @Param('id') id: string,
    @Body(new ZodBody(productUpdateSchema)) body: unknown,
    @Caller() caller: RpcCallOptions,
  ) {
    return this.cache.afterChange(
      this.rpc.call<{ success: true; product: ProductView }>(RPC.catalog.productUpdate, { id, body }, caller),
    );
  }

  @Delete(':id')
  @HttpCode(200)
  remove(@Param('id') id: string, @Caller() caller: RpcCallOptions) {
    return this.cache.afterChange(
      this.rpc.call<{ success: true; message: string }>(RPC.catalog.productDelete, { id }, caller),
    );
  }
}
