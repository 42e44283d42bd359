import {
  cartShipping,
  IMAGE_WEB_MAX_SIDE,
  pictureUrlFor,
  toPaise,
  toRupees,
  type ProductCardView,
  type ProductView,
} from '@shop/proto';
import type {
  BreadcrumbList,
  ItemAvailability,
  ItemList,
  Offer,
  OfferShippingDetails,
  Organization,
  Product,
  SearchAction,
  WebSite,
  WithActionConstraints,
  WithContext,
} from 'schema-dts';
import { brandLabel } from '../content/shop';
import { LOGO_PATH, type SeoSite } from './site';
import { absoluteUrl, listPagePath, productPagePath, type ListAddress } from './url';

/**
 * The JSON-LD a page carries, typed by schema-dts so a property schema.org does not have, or a
 * value of the wrong kind, does not compile. What Google reads of them for rich results (Product
 * snippets and merchant listings, breadcrumbs, the site's name) is checked by
 * test-support/rich-results.ts.
 */

const CONTEXT = 'https://schema.org' as const;
/** The picture width search engines and chat previews are given: the largest stored (proto's pictures.ts). */
export const SHARED_PICTURE_WIDTH = IMAGE_WEB_MAX_SIDE;

/** A product picture as an absolute URL of its 1200 px width (its largest, for a picture stored smaller). */
export function sharedPictureUrl(origin: string, url: string): string {
  return absoluteUrl(origin, pictureUrlFor(url, SHARED_PICTURE_WIDTH));
}

/** A price or a rating as JSON-LD states it: a number with at most two decimals. */
const twoDecimals = (amount: number) => Math.round(amount * 100) / 100;

/** Whether a shopper can buy it now; a product made to order is still "in stock" while units can be sold. */
function availability(stock: number): ItemAvailability {
  return stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock';
}

const organizationId = (site: SeoSite) => `${site.origin}/#organization`;

/** The seller of every offer: the organization the home page describes, by its @id. */
function organization(site: SeoSite): Organization {
  return { '@type': 'Organization', '@id': organizationId(site), name: site.name, url: `${site.origin}/` };
}

function shippingDetails(site: SeoSite, price: number): OfferShippingDetails | undefined {
  if (!site.shipping) return undefined;
  const costPaise = cartShipping(toPaise(price), true, site.shipping);
  return {
    '@type': 'OfferShippingDetails',
    shippingRate: { '@type': 'MonetaryAmount', value: toRupees(costPaise), currency: 'INR' },
    shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'IN' },
  };
}

/** A product page's Product: its pictures, brand, SKU, one offer, and its rating once it has reviews. */
export function productJsonLd(site: SeoSite, product: ProductView): WithContext<Product> {
  const url = absoluteUrl(site.origin, productPagePath(product._id));
  const shipping = shippingDetails(site, product.price);
  const offer: Offer = {
    '@type': 'Offer',
    url,
    price: twoDecimals(product.price),
    priceCurrency: 'INR',
    availability: availability(product.stock),
    itemCondition: 'https://schema.org/NewCondition',
    seller: organization(site),
    ...(shipping && { shippingDetails: shipping }),
  };
  // Reviews are scored 1 to 5: a rating below 1 means none has been counted yet.
  const rated = product.reviewCount > 0 && product.rating >= 1;
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    '@id': `${url}#product`,
    name: product.name,
    description: product.description,
    url,
    image: product.images.map((image) => sharedPictureUrl(site.origin, image)),
    sku: product.sku || product._id,
    productID: product._id,
    category: product.category,
    brand: { '@type': 'Brand', name: brandLabel(product.brand) },
    offers: offer,
    ...(rated && {
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: twoDecimals(product.rating),
        reviewCount: product.reviewCount,
        bestRating: 5,
        worstRating: 1,
      },
    }),
  };
}

export interface Crumb {
  name: string;
  /** The crumb's page, as a path of the shop. */
  path: string;
}

/** Home, then each crumb: every item with its position, name and absolute URL. */
export function breadcrumbJsonLd(site: SeoSite, crumbs: Crumb[]): WithContext<BreadcrumbList> {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: [{ name: 'Home', path: '/' }, ...crumbs].map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(site.origin, crumb.path),
    })),
  };
}

/** A list's trail: its brand (else All Products), then its category within that brand. */
export function listCrumbs({ brand, category }: Pick<ListAddress, 'brand' | 'category'>): Crumb[] {
  const crumbs: Crumb[] = [
    brand
      ? { name: brandLabel(brand), path: listPagePath({ brand }) }
      : { name: 'All Products', path: '/products' },
  ];
  if (category) crumbs.push({ name: category, path: listPagePath({ brand, category }) });
  return crumbs;
}

/** A product's trail: Home › its brand › its category within the brand › the product. */
export function productCrumbs(product: Pick<ProductView, '_id' | 'name' | 'brand' | 'category'>): Crumb[] {
  return [
    ...listCrumbs({ brand: product.brand, category: product.category }),
    { name: product.name, path: productPagePath(product._id) },
  ];
}

/** The products a list page shows, in order, each by its page (the summary form of schema.org's ItemList). */
export function itemListJsonLd(
  site: SeoSite,
  products: Pick<ProductCardView, '_id' | 'name'>[],
  firstPosition = 1,
): WithContext<ItemList> {
  return {
    '@context': CONTEXT,
    '@type': 'ItemList',
    itemListElement: products.map((product, index) => ({
      '@type': 'ListItem',
      position: firstPosition + index,
      url: absoluteUrl(site.origin, productPagePath(product._id)),
      name: product.name,
    })),
  };
}

/** The business behind the shop, as its settings name it, with how to reach it. */
export function organizationJsonLd(site: SeoSite): WithContext<Organization> {
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    '@id': organizationId(site),
    name: site.name,
    url: `${site.origin}/`,
    logo: absoluteUrl(site.origin, LOGO_PATH),
    email: site.email,
    telephone: site.phone,
    address: { '@type': 'PostalAddress', streetAddress: site.address, addressCountry: 'IN' },
    sameAs: site.sameAs,
  };
}

/** The site's name, and its search: the products page's `search` parameter. */
export function webSiteJsonLd(site: SeoSite): WithContext<WebSite> {
  const search: WithActionConstraints<SearchAction> = {
    '@type': 'SearchAction',
    target: {
      '@type': 'EntryPoint',
      urlTemplate: `${absoluteUrl(site.origin, '/products')}?search={search_term_string}`,
    },
    'query-input': 'required name=search_term_string',
  };
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    '@id': `${site.origin}/#website`,
    name: site.name,
    url: `${site.origin}/`,
    inLanguage: 'en-IN',
    publisher: { '@id': organizationId(site) },
    potentialAction: search,
  };
}
