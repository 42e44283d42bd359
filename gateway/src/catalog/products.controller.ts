import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { RpcCallOptions, RpcClient } from '@shop/kit';
import {
  ProductCardView,
  ProductListQuery,
  productListQuerySchema,
  ProductListReply,
  ProductView,
  RPC,
  SearchReply,
} from '@shop/proto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Caller } from '../common/caller.decorator';
import { ZodBody } from '../common/zod-body.pipe';
import { CATALOG_REPLY_TTL_MS, CatalogReplyCache } from './catalog-reply-cache';
import { ReplyBytes, sendReplyBytes } from './reply-bytes';

/** Browsers and proxies may reuse a kept answer as long as the gateway itself would. */
const KEPT_REPLY_CACHE_CONTROL = `public, max-age=${CATALOG_REPLY_TTL_MS / 1000}`;

@ApiTags('products')
@Controller('api/products')
export class ProductsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly cache: CatalogReplyCache,
  ) {}

  /**
   * Filters (brand, category, search, minPrice, maxPrice, minRating), sort, limit and page or
   * cursor. The storefront reads `products` (cards); `hasMore` and `nextCursor` drive its infinite scroll.
   */
  @Get()
  async list(
    @Query(new ZodBody(productListQuerySchema)) query: ProductListQuery,
    @Caller() caller: RpcCallOptions,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    const bytes = await this.cache.get(`list:${JSON.stringify(query)}`, async () =>
      ReplyBytes.of(await this.rpc.call<ProductListReply>(RPC.catalog.productList, query, caller)),
    );
    return sendReplyBytes(req, reply, bytes, KEPT_REPLY_CACHE_CONTROL);
  }

  /** The header's dropdown: at most eight `{_id, name, images, price, brand}`, the first picture only. */
  @Get('search')
  async search(
    @Query('q') q: unknown,
    @Caller() caller: RpcCallOptions,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    const bytes = await this.cache.get(`search:${JSON.stringify(q)}`, async () =>
      ReplyBytes.of(await this.rpc.call<SearchReply>(RPC.catalog.productSearch, { q }, caller)),
    );
    return sendReplyBytes(req, reply, bytes, KEPT_REPLY_CACHE_CONTROL);
  }

  /** Not kept by the gateway: a product page shows stock, which must be current. */
  @Get(':id')
  get(@Param('id') id: string, @Caller() caller: RpcCallOptions) {
    return this.rpc.call<{ success: true; product: ProductView }>(RPC.catalog.productGet, { id }, caller);
  }

  @Get(':id/similar')
  async similar(
    @Param('id') id: string,
    @Query('limit') limit: unknown,
    @Caller() caller: RpcCallOptions,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    const bytes = await this.cache.get(`similar:${id}:${JSON.stringify(limit)}`, async () =>
      ReplyBytes.of(
        await this.rpc.call<{ success: true; products: ProductCardView[] }>(
          RPC.catalog.productSimilar,
          { id, limit },
          caller,
        ),
      ),
    );
    return sendReplyBytes(req, reply, bytes, KEPT_REPLY_CACHE_CONTROL);
  }
}
