import type {
  Brand,
  ProductCardView,
  ProductListReply,
  ProductView,
  SearchHit as ProtoSearchHit,
} from '@shop/proto';

/** The product as both apps read it (storefront spec, section 3), from the shared contracts. */
export type Product = ProductView;
/** What list, search and similar-products replies carry: a card's fields, the first picture only. */
export type ProductCard = ProductCardView;
export type BrandSlug = Brand;
export type ProductPage = ProductListReply;
export type SearchHit = Pick<ProtoSearchHit, '_id' | 'name' | 'images'>;
