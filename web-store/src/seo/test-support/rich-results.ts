/**
 * Google's documented requirements for the rich results the storefront's JSON-LD aims at, as a
 * reader of the JSON would check them by hand (no network; Google's own Rich Results Test is the
 * authority, this is its checklist):
 *
 * - Product snippets (developers.google.com/search/docs/appearance/structured-data/product-snippet):
 *   `name`, and one of `review`, `aggregateRating` or `offers`.
 * - Merchant listings (…/structured-data/merchant-listing): `name`, `image` and `offers`; each offer
 *   a `price` (above 0, or 0 with its currency) and `priceCurrency`; `availability` (recommended
 *   there, required here) from schema.org's ItemAvailability.
 * - AggregateRating: `ratingValue`, and `reviewCount` or `ratingCount`, the value within
 *   `worstRating` (1 unless given) and `bestRating` (5 unless given).
 * - Recommended, reported as warnings: `description`, `brand.name`, an identifier (`sku`, `gtin`
 *   or `mpn`), `aggregateRating`, `review`; on the offer `itemCondition`, `shippingDetails` and
 *   `hasMerchantReturnPolicy`.
 * - Breadcrumbs (…/structured-data/breadcrumb): a BreadcrumbList of at least two ListItems, each
 *   with `position` (1, 2, …), `name` and `item`, an absolute URL.
 * - A list of products as a summary page (…/structured-data/carousel): ListItems with `position`
 *   and the `url` of each product's page.
 *
 * Image URLs must be absolute: a crawler fetches them apart from the page.
 */

export interface RichResultReport {
  /** What keeps the page from the rich result. */
  errors: string[];
  /** Recommended properties missing: the result may show with less. */
  warnings: string[];
}

type Node = Record<string, unknown>;

const SCHEMA = /^https?:\/\/schema\.org\/?$/;
const AVAILABILITY = [
  'BackOrder',
  'Discontinued',
  'InStock',
  'InStoreOnly',
  'LimitedAvailability',
  'MadeToOrder',
  'OnlineOnly',
  'OutOfStock',
  'PreOrder',
  'PreSale',
  'Reserved',
  'SoldOut',
];
const CONDITION = ['NewCondition', 'RefurbishedCondition', 'UsedCondition', 'DamagedCondition'];

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const listOf = (value: unknown): unknown[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];
const typesOf = (node: Node) => listOf(node['@type']);
const isText = (value: unknown): value is string => typeof value === 'string' && value.trim().length > 0;
/** A schema.org number: a JSON number, or text holding one ("149.50"). */
const numberOf = (value: unknown): number | undefined => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : undefined;
};
const isAbsoluteUrl = (value: unknown): boolean => {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};
/** A schema.org enumeration member, written in full (https://schema.org/InStock) or by its name. */
const termOf = (value: unknown): string | undefined =>
  typeof value === 'string' ? value.replace(/^https?:\/\/schema\.org\//, '') : undefined;
/** An image is a URL, or an ImageObject with its `url` or `contentUrl`. */
const imageUrlOf = (image: unknown): unknown => (isNode(image) ? (image.url ?? image.contentUrl) : image);

function checkContext(node: Node, errors: string[]) {
  if (!SCHEMA.test(String(node['@context']))) errors.push('@context must be https://schema.org');
}

function checkOffer(offer: unknown, at: string, report: RichResultReport) {
  const { errors, warnings } = report;
  if (!isNode(offer) || !typesOf(offer).some((t) => t === 'Offer' || t === 'AggregateOffer')) {
    errors.push(`${at} must be an Offer`);
    return;
  }
  const priceSpecification = isNode(offer.priceSpecification) ? offer.priceSpecification : undefined;
  const price = numberOf(offer.price ?? offer.lowPrice ?? priceSpecification?.price);
  const currency = offer.priceCurrency ?? priceSpecification?.priceCurrency;
  if (price === undefined) errors.push(`${at}.price is required, as a number`);
  else if (price < 0) errors.push(`${at}.price must not be negative`);
  if (!(typeof currency === 'string' && /^[A-Z]{3}$/.test(currency)))
    errors.push(`${at}.priceCurrency is required, as an ISO 4217 code`);
  if (offer.availability === undefined) errors.push(`${at}.availability is required`);
  else if (!AVAILABILITY.includes(termOf(offer.availability) ?? ''))
    errors.push(`${at}.availability must be a schema.org ItemAvailability`);
  if (offer.itemCondition === undefined) warnings.push(`${at}.itemCondition is recommended`);
  else if (!CONDITION.includes(termOf(offer.itemCondition) ?? ''))
    errors.push(`${at}.itemCondition must be a schema.org OfferItemCondition`);
  if (offer.shippingDetails === undefined) warnings.push(`${at}.shippingDetails is recommended`);
  if (offer.hasMerchantReturnPolicy === undefined)
    warnings.push(`${at}.hasMerchantReturnPolicy is recommended`);
}

function checkRating(rating: unknown, at: string, errors: string[]) {
  if (!isNode(rating)) {
    errors.push(`${at} must be an object`);
    return;
  }
  const value = numberOf(rating.ratingValue);
  const count = numberOf(rating.reviewCount ?? rating.ratingCount);
  const best = numberOf(rating.bestRating) ?? 5;
  const worst = numberOf(rating.worstRating) ?? 1;
  if (value === undefined) errors.push(`${at}.ratingValue is required, as a number`);
  else if (value < worst || value > best)
    errors.push(`${at}.ratingValue must be within ${worst} and ${best}`);
  if (count === undefined) errors.push(`${at}.reviewCount or ratingCount is required`);
  else if (!Number.isInteger(count) || count < 1) errors.push(`${at}'s count must be a whole number above 0`);
}

/** A Product against Google's Product snippet and merchant listing requirements. */
export function productRichResult(data: unknown): RichResultReport {
  const report: RichResultReport = { errors: [], warnings: [] };
  const { errors, warnings } = report;
  if (!isNode(data) || !typesOf(data).includes('Product')) return { errors: ['not a Product'], warnings };
  checkContext(data, errors);
  if (!isText(data.name)) errors.push('name is required');
  if (data.review === undefined && data.aggregateRating === undefined && data.offers === undefined)
    errors.push('one of review, aggregateRating or offers is required');

  const images = listOf(data.image);
  if (images.length === 0) errors.push('image is required');
  images.forEach((image, i) => {
    if (!isAbsoluteUrl(imageUrlOf(image))) errors.push(`image[${i}] must be an absolute URL`);
  });
  const offers = listOf(data.offers);
  if (offers.length === 0) errors.push('offers is required');
  offers.forEach((offer, i) => checkOffer(offer, offers.length > 1 ? `offers[${i}]` : 'offers', report));
  if (data.aggregateRating !== undefined) checkRating(data.aggregateRating, 'aggregateRating', errors);
  listOf(data.review).forEach((review, i) => {
    if (!isNode(review) || !isNode(review.author) || !isText(review.author.name))
      errors.push(`review[${i}].author.name is required`);
    else checkRating(review.reviewRating, `review[${i}].reviewRating`, errors);
  });

  if (!isText(data.description)) warnings.push('description is recommended');
  if (!isNode(data.brand) || !isText(data.brand.name)) warnings.push('brand.name is recommended');
  if (![data.sku, data.gtin, data.mpn].some(isText))
    warnings.push('an identifier (sku, gtin or mpn) is recommended');
  if (data.aggregateRating === undefined) warnings.push('aggregateRating is recommended');
  if (data.review === undefined) warnings.push('review is recommended');
  return report;
}

/** A trail of pages: every crumb with its position in order, its name and its page's absolute URL. */
export function breadcrumbRichResult(data: unknown): RichResultReport {
  const errors: string[] = [];
  if (!isNode(data) || !typesOf(data).includes('BreadcrumbList'))
    return { errors: ['not a BreadcrumbList'], warnings: [] };
  checkContext(data, errors);
  const items = listOf(data.itemListElement);
  if (items.length < 2) errors.push('itemListElement must hold at least two ListItems');
  items.forEach((item, i) => {
    const at = `itemListElement[${i}]`;
    if (!isNode(item) || !typesOf(item).includes('ListItem')) {
      errors.push(`${at} must be a ListItem`);
      return;
    }
    if (item.position !== i + 1) errors.push(`${at}.position must be ${i + 1}`);
    if (!isText(item.name)) errors.push(`${at}.name is required`);
    if (!isAbsoluteUrl(isNode(item.item) ? item.item['@id'] : item.item))
      errors.push(`${at}.item must be an absolute URL`);
  });
  return { errors, warnings: [] };
}

/** A list page's products: each a ListItem with its position in order and its page's absolute URL. */
export function itemListRichResult(data: unknown): RichResultReport {
  const errors: string[] = [];
  if (!isNode(data) || !typesOf(data).includes('ItemList'))
    return { errors: ['not an ItemList'], warnings: [] };
  checkContext(data, errors);
  const items = listOf(data.itemListElement);
  if (items.length === 0) errors.push('itemListElement must hold the list’s items');
  const first = isNode(items[0]) ? numberOf(items[0].position) : undefined;
  items.forEach((item, i) => {
    const at = `itemListElement[${i}]`;
    if (!isNode(item) || !typesOf(item).includes('ListItem')) {
      errors.push(`${at} must be a ListItem`);
      return;
    }
    if (first === undefined || item.position !== first + i)
      errors.push(`${at}.position must follow the one before`);
    if (!isAbsoluteUrl(item.url)) errors.push(`${at}.url must be an absolute URL`);
  });
  return { errors, warnings: [] };
}
