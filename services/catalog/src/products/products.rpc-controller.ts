import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { JsonReply, parseInput } from '@shop/kit';
import {
  adminProductListQuerySchema,
  priceQuoteSchema,
  productCreateSchema,
  productListQuerySchema,
  productManySchema,
  productSitemapQuerySchema,
  productUpdateSchema,
  RPC,
  RpcEnvelope,
  searchQuerySchema,
  similarQuerySchema,
} from '@shop/proto';
import { requireAdmin } from '../common/actors';
import { PriceQuoteService } from './price-quote.service';
import { ProductSearchService } from './product-search.service';
import { ProductSitemapService } from './product-sitemap.service';
import { ProductsService } from './products.service';

type WithId<T = unknown> = { id: string; body?: T };

/**
 * The shop's hot reads answer JsonReply: the gateway forwards their bytes, and an answer kept in
 * the read cache is serialized once (profiles of issue 13: JSON.stringify of kept list pages on every hit).
 */
@Controller()
export class ProductsRpcController {
  constructor(
    private readonly products: ProductsService,
    private readonly searchService: ProductSearchService,
    private readonly sitemap: ProductSitemapService,
    private readonly quotes: PriceQuoteService,
  ) {}

  @MessagePattern(RPC.catalog.productList)
  async list(@Payload() env: RpcEnvelope) {
    return JsonReply.of(await this.products.list(parseInput(productListQuerySchema, env.data)));
  }

  @MessagePattern(RPC.catalog.productGet)
  async get(@Payload() env: RpcEnvelope<{ id: string }>) {
    return JsonReply.of(await this.products.get(String(env.data?.id ?? '')));
  }

  @MessagePattern(RPC.catalog.productMany)
  many(@Payload() env: RpcEnvelope) {
    return this.products.many(parseInput(productManySchema, env.data).ids);
  }

  @MessagePattern(RPC.catalog.productSimilar)
  async similar(@Payload() env: RpcEnvelope) {
    const { id, limit } = parseInput(similarQuerySchema, env.data);
    return JsonReply.of(await this.products.similar(id, limit));
  }

  @MessagePattern(RPC.catalog.productSearch)
  async search(@Payload() env: RpcEnvelope) {
    return JsonReply.of(await this.searchService.search(parseInput(searchQuerySchema, env.data).q));
  }

  @MessagePattern(RPC.catalog.productSitemap)
  sitemapPage(@Payload() env: RpcEnvelope) {
    return this.sitemap.page(parseInput(productSitemapQuerySchema, env.data));
  }

  @MessagePattern(RPC.catalog.priceQuote)
  quote(@Payload() env: RpcEnvelope) {
    return this.quotes.quote(parseInput(priceQuoteSchema, env.data));
  }

  @MessagePattern(RPC.catalog.productAdminList)
  adminList(@Payload() env: RpcEnvelope) {
    requireAdmin(env.actor);
    return this.products.adminList(parseInput(adminProductListQuerySchema, env.data));
  }

  @MessagePattern(RPC.catalog.productCreate)
  create(@Payload() env: RpcEnvelope) {
    requireAdmin(env.actor);
    return this.products.create(parseInput(productCreateSchema, env.data));
  }

  @MessagePattern(RPC.catalog.productUpdate)
  update(@Payload() env: RpcEnvelope<WithId>) {
    requireAdmin(env.actor);
    return this.products.update(String(env.data?.id ?? ''), parseInput(productUpdateSchema, env.data?.body));
  }

  @MessagePattern(RPC.catalog.productDelete)
  remove(@Payload() env: RpcEnvelope<WithId>) {
    requireAdmin(env.actor);
    return this.products.remove(String(env.data?.id ?? ''));
  }
}
