import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { RpcCallOptions, RpcClient } from '@shop/kit';
import { ProductListReply, ProductView, RPC, SearchReply } from '@shop/proto';
import { Caller } from '../common/caller.decorator';
import { CatalogReplyCache } from './catalog-reply-cache';

@ApiTags('products')
@Controller('api/products')
export class ProductsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly cache: CatalogReplyCache,
  ) {}

  /**
   * Filters (brand, category, search, minPrice, maxPrice, minRating), sort, limit and page or
   * cursor. The storefront reads `products`; `hasMore` and `nextCursor` drive its infinite scroll.
   */
  @Get()
  list(@Query() query: Record<string, unknown>, @Caller() caller: RpcCallOptions) {
    return this.cache.get(`list:${JSON.stringify(query)}`, () =>
      this.rpc.call<ProductListReply>(RPC.catalog.productList, query, caller),
    );
  }

  /** The header's dropdown: at most eight `{_id, name, images, price, brand}`. */
  @Get('search')
  search(@Query('q') q: unknown, @Caller() caller: RpcCallOptions) {
    return this.cache.get(`search:${JSON.stringify(q)}`, () =>
      this.rpc.call<SearchReply>(RPC.catalog.productSearch, { q }, caller),
    );
  }

  /** Not kept by the gateway: a product page shows stock, which must be current. */
  @Get(':id')
  get(@Param('id') id: string, @Caller() caller: RpcCallOptions) {
    return this.rpc.call<{ success: true; product: ProductView }>(RPC.catalog.productGet, { id }, caller);
  }

  @Get(':id/similar')
  similar(@Param('id') id: string, @Query('limit') limit: unknown, @Caller() caller: RpcCallOptions) {
    return this.cache.get(`similar:${id}:${JSON.stringify(limit)}`, () =>
      this.rpc.call<{ success: true; products: ProductView[] }>(
        RPC.catalog.productSimilar,
        { id, limit },
        caller,
      ),
    );
  }
}
