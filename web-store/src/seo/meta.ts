import { PRODUCTS_PAGE_SIZE, type ProductCardView, type ProductView } from '@shop/proto';
import type { MetaDescriptor } from 'react-router';
import type { Thing, WithContext } from 'schema-dts';
import { BRAND_INFO, brandLabel, CATEGORIES, productListTitle } from '../content/shop';
import { formatPrice } from '@shop/web-kit/format';
import { STATIC_PAGES, type LegalPage } from './pages';
import { SHARE_CARD, type SeoSite } from './site';
import {
  breadcrumbJsonLd,
  itemListJsonLd,
  listCrumbs,
  organizationJsonLd,
  productCrumbs,
  productJsonLd,
  sharedPictureUrl,
  webSiteJsonLd,
} from './structured-data';
import { absoluteUrl, categorySpelling, listPagePath, productPagePath, type ListAddress } from './url';

/** `noindex` keeps a page out of search results; `follow` still lets crawlers take its links. */
export type Robots = 'noindex' | 'noindex, follow';

/** A page's head, as the page's own data describes it. */
export interface PageHead {
  /** The page's own name ("Leather Diary"), as shares show it. */
  title: string;
  /** The document's title; by default the page's name, then the shop's ("Leather Diary | MS & Jaksh"). */
  documentTitle?: string;
  description: string;
  /** The page's one address, as a path of the shop ("/product/…"): the canonical URL. */
  path: string;
  /** What a share shows: a picture's URL or a path of the shop; the shop's share card when none. */
  image?: { url: string; alt: string };
  type?: 'website' | 'product';
  robots?: Robots;
  /** Open Graph properties of the page's type (a product's price and availability). */
  openGraph?: Record<string, string>;
  jsonLd?: WithContext<Thing>[];
}

/** The most of a description search results and previews show; longer ones are cut at a word. */
const DESCRIPTION_MAX = 160;

/** Text as one description: spaces collapsed, and cut at a word with an ellipsis past `max` characters. */
export function summary(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const atWord = cut.slice(0, cut.lastIndexOf(' ')).replace(/[\s,;:.–-]+$/, '');
  return `${atWord || cut}…`;
}

/**
 * The one helper every page's meta function ends in: title, description, canonical URL, robots,
 * Open Graph and Twitter card, and JSON-LD, every address absolute from the site's origin.
 */
export function pageHead(site: SeoSite, head: PageHead): MetaDescriptor[] {
  const url = absoluteUrl(site.origin, head.path);
  const description = summary(head.description);
  const image = head.image
    ? { url: absoluteUrl(site.origin, head.image.url), alt: head.image.alt }
    : { url: absoluteUrl(site.origin, SHARE_CARD.path), alt: site.name };
  const meta: MetaDescriptor[] = [
    { title: head.documentTitle ?? `${head.title} | ${site.name}` },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
  ];
  if (head.robots) meta.push({ name: 'robots', content: head.robots });
  meta.push(
    { property: 'og:type', content: head.type ?? 'website' },
    { property: 'og:site_name', content: site.name },
    { property: 'og:locale', content: 'en_IN' },
    { property: 'og:title', content: head.title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image.url },
    { property: 'og:image:alt', content: image.alt },
  );
  if (!head.image)
    meta.push(
      { property: 'og:image:width', content: String(SHARE_CARD.width) },
      { property: 'og:image:height', content: String(SHARE_CARD.height) },
    );
  for (const [property, content] of Object.entries(head.openGraph ?? {})) meta.push({ property, content });
  meta.push(
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: head.title },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: image.url },
    { name: 'twitter:image:alt', content: image.alt },
  );
  for (const data of head.jsonLd ?? []) meta.push({ 'script:ld+json': data });
  return meta;
}

/** Home: the shop's name and what it makes, the business and the site's search. */
export function homeMeta(site: SeoSite): MetaDescriptor[] {
  const home = STATIC_PAGES.home;
  return pageHead(site, {
    title: site.name,
    documentTitle: `${site.name} | ${home.title}`,
    description: home.description,
    path: home.path,
    jsonLd: [organizationJsonLd(site), webSiteJsonLd(site)],
  });
}

/** A product page: its name, price, stock and picture for shares; Product and its trail for search engines. */
export function productMeta(site: SeoSite, product: ProductView): MetaDescriptor[] {
  const inStock = product.stock > 0;
  const picture = product.images[0];
  return pageHead(site, {
    title: product.name,
    description: `${formatPrice(product.price)}, ${inStock ? 'in stock' : 'out of stock'}. ${product.description}`,
    path: productPagePath(product._id),
    type: 'product',
    image: picture ? { url: sharedPictureUrl(site.origin, picture), alt: product.name } : undefined,
    openGraph: {
      'product:brand': brandLabel(product.brand),
      'product:price:amount': product.price.toFixed(2),
      'product:price:currency': 'INR',
      'product:availability': inStock ? 'in stock' : 'out of stock',
      'product:condition': 'new',
      'product:retailer_item_id': product.sku || product._id,
    },
    jsonLd: [productJsonLd(site, product), breadcrumbJsonLd(site, productCrumbs(product))],
  });
}

/** What a product list page shows: the list its address names, and its first cards. */
export interface ProductListHead extends ListAddress {
  products: Pick<ProductCardView, '_id' | 'name' | 'images' | 'category'>[];
  total: number;
  /** Cards per numbered page, for the positions of page 2 and on. */
  pageSize?: number;
}

/** What a list is narrowed to: "Stationery by Jaksh", "Stationery", "Jaksh", or nothing. */
function listScope({ brand, category }: ListAddress): string | undefined {
  if (!category) return brand && brandLabel(brand);
  return brand ? `${category} by ${brandLabel(brand)}` : category;
}

function listTitle(address: ListAddress): string {
  const scope = listScope(address);
  if (address.search) return `Search results for “${address.search}”${scope ? ` in ${scope}` : ''}`;
  return address.category && scope ? scope : productListTitle(address.brand);
}

function listDescription(site: SeoSite, { brand, category, search }: ListAddress, total: number): string {
  if (search)
    return total > 0
      ? `${total} ${total === 1 ? 'product matches' : 'products match'} “${search}” at ${site.name}.`
      : `No products match “${search}” at ${site.name}.`;
  const info = BRAND_INFO.find((b) => b.slug === brand);
  if (category) {
    const blurb = CATEGORIES.find((c) => c.value === category)?.blurb ?? `${category} from ${site.name}.`;
    return info ? `${blurb} Made to order by ${info.label}: ${info.tagline.toLowerCase()}.` : blurb;
  }
  if (info) return `${info.label}: ${info.tagline}. ${info.description}`;
  const kinds = CATEGORIES.map((c) => c.label.toLowerCase());
  return `Every product of ${site.name}: ${kinds.slice(0, -1).join(', ')} and ${kinds.at(-1)}, made to order in India.`;
}

/**
 * A list page: it says what it lists (brand, category, search) in its title. Searches and empty
 * lists are not pages to be found by (`noindex, follow`); the others carry their trail and the
 * products they show.
 */
export function productListMeta(site: SeoSite, list: ProductListHead): MetaDescriptor[] {
  const shownCategories = list.products.map((product) => product.category);
  const address: ListAddress = {
    brand: list.brand,
    category: list.category?.trim() ? categorySpelling(list.category, shownCategories) : undefined,
    search: list.search?.trim() || undefined,
    page: list.page && list.page > 1 ? list.page : undefined,
  };
  const title = listTitle(address);
  const indexed = !address.search && list.total > 0;
  const pictured = list.products.find((product) => product.images[0]);
  const firstPosition = ((address.page ?? 1) - 1) * (list.pageSize ?? PRODUCTS_PAGE_SIZE) + 1;
  return pageHead(site, {
    title: address.page ? `${title}, page ${address.page}` : title,
    description: listDescription(site, address, list.total),
    path: listPagePath(address),
    image: pictured && { url: sharedPictureUrl(site.origin, pictured.images[0]), alt: pictured.name },
    robots: indexed ? undefined : 'noindex, follow',
    jsonLd: indexed
      ? [
          ...(address.brand || address.category ? [breadcrumbJsonLd(site, listCrumbs(address))] : []),
          ...(list.products.length ? [itemListJsonLd(site, list.products, firstPosition)] : []),
        ]
      : [],
  });
}

/** The terms and the privacy policy. */
export function legalMeta(site: SeoSite, page: LegalPage): MetaDescriptor[] {
  const { title, description, path } = STATIC_PAGES[page];
  return pageHead(site, { title, description, path });
}

/**
 * A page tied to a person (cart, checkout, account, sign-in…): its title, and kept out of search
 * results. Nothing of it is shared, so it names no address or picture.
 */
export function privateMeta(site: SeoSite, title: string): MetaDescriptor[] {
  return [{ title: `${title} | ${site.name}` }, { name: 'robots', content: 'noindex' }];
}

/** A page that does not exist (a product deleted or never made): answered 404, and never indexed. */
export function notFoundMeta(site: SeoSite, title = 'Page Not Found'): MetaDescriptor[] {
  return [{ title: `${title} | ${site.name}` }, { name: 'robots', content: 'noindex' }];
}
