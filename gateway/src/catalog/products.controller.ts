import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { RpcCallOptions, RpcClient } from '@shop/kit';
import {
  ProductListQuery,
  productListQuerySchema,
  ProductSitemapQuery,
  productSitemapQuerySchema,
  RPC,
} from '@shop/proto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Caller } from '../common/caller.decorator';
import { ZodBody } from '../common/zod-body.pipe';
import { productPageKey } from './catalog-changes';
import { CATALOG_REPLY_TTL_MS, CatalogReplyCache } from './catalog-reply-cache';
import { ReplyBytes, sendReplyBytes } from '../common/reply-bytes';

/** Browsers and proxies may reuse a kept answer as long as the gateway itself would. */
const KEPT_REPLY_CACHE_CONTROL = `public, max-age=${CATALOG_REPLY_TTL_MS / 1000}`;
/** A product page shows stock, which a shopper expects current after buying: asked again every time (304 when unchanged). */
const PRODUCT_PAGE_CACHE_CONTROL = 'public, no-cache';

/**
 * The catalog's public reads. Each answer is the catalog's reply as it sent it (RpcClient.callJson):
 * issue 13's profile had the gateway parse every list page and serialize it again to send it on.
 */
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
    const bytes = await this.cache.get(
      `list:${JSON.stringify(query)}`,
      async () => new ReplyBytes(await this.rpc.callJson(RPC.catalog.productList, query, caller)),
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
    const bytes = await this.cache.get(
      `search:${JSON.stringify(q)}`,
      async () => new ReplyBytes(await this.rpc.callJson(RPC.catalog.productSearch, { q }, caller)),
    );
    return sendReplyBytes(req, reply, bytes, KEPT_REPLY_CACHE_CONTROL);
  }

  /**
   * What the storefront's sitemap lists: a page of the live products' ids and last changes (at
   * most 10,000, by id), the brands and categories with their last change, and the total. Kept
   * like lists: a sitemap a couple of seconds old is as good as a list that old.
   */
  @Get('sitemap')
  async sitemap(
    @Query(new ZodBody(productSitemapQuerySchema)) query: ProductSitemapQuery,
    @Caller() caller: RpcCallOptions,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    const bytes = await this.cache.get(
      `sitemap:${query.page}:${query.limit}`,
      async () => new ReplyBytes(await this.rpc.callJson(RPC.catalog.productSitemap, query, caller)),
    );
    return sendReplyBytes(req, reply, bytes, KEPT_REPLY_CACHE_CONTROL);
  }

  /** The full product. Kept like lists, and dropped as soon as the product changes (CatalogChanges). */
  @Get(':id')
  async get(
    @Param('id') id: string,
    @Caller() caller: RpcCallOptions,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    const bytes = await this.cache.get(
      productPageKey(id),
      async () => new ReplyBytes(await this.rpc.callJson(RPC.catalog.productGet, { id }, caller)),
    );
    return sendReplyBytes(req, reply, bytes, PRODUCT_PAGE_CACHE_CONTROL);
  }

  @Get(':id/similar')
  async similar(
    @Param('id') id: string,
    @Query('limit') limit: unknown,
    @Caller() caller: RpcCallOptions,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    const bytes = await this.cache.get(
      `similar:${id}:${JSON.stringify(limit)}`,
      async () => new ReplyBytes(await this.rpc.callJson(RPC.catalog.productSimilar, { id, limit }, caller)),
    );
    return sendReplyBytes(req, reply, bytes, KEPT_REPLY_CACHE_CONTROL);
  }
}
