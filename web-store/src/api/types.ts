import type { Brand, ProductListReply, ProductView, SearchHit as ProtoSearchHit } from '@shop/proto';

/** The product as both apps read it (storefront spec, section 3), from the shared contracts. */
export type Product = ProductView;
export type BrandSlug = Brand;
export type ProductPage = ProductListReply;
export type SearchHit = Pick<ProtoSearchHit, '_id' | 'name' | 'images'>;
